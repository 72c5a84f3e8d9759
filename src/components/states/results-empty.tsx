export function ResultsEmpty({ children }: { children: string }) {
  return (
    <p className="rounded-lg border border-dashed bg-card px-4 py-12 text-center text-muted-foreground">
      {children}
    </p>
  );
}
