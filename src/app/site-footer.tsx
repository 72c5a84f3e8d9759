import { config } from '@/config/env';

/** The spec fixes the copyright year at 2024. */
export function SiteFooter() {
  return (
    <footer className="border-t bg-card print:hidden">
      <div className="mx-auto max-w-4xl px-4 py-6 text-center text-sm text-muted-foreground">
        <p className="font-semibold text-foreground">{config.siteName}</p>
        <p>© 2024 {config.siteName}. All rights reserved.</p>
      </div>
    </footer>
  );
}
