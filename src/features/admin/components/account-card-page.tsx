import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export type AccountCardPageProps = {
  title: string;
  /** Below the title: what the page is for and which account is signed in. */
  header: ReactNode;
  children: ReactNode;
};

/**
 * What /admin shows instead of the dashboard (no admin role; a second factor still to give): one
 * card, top-aligned on a phone, because the toasts rise from the bottom and must not cover its
 * Sign out.
 */
export function AccountCardPage({ title, header, children }: AccountCardPageProps) {
  return (
    <main className="flex min-h-dvh items-start justify-center p-4 pt-8 sm:items-center sm:pt-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl">{title}</h1>
          </CardTitle>
          {header}
        </CardHeader>
        <CardContent className="space-y-4">{children}</CardContent>
      </Card>
    </main>
  );
}
