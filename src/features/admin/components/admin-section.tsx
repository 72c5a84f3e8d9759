import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

export type AdminSectionProps = {
  id: string;
  title: string;
  description: string;
  className?: string;
  children: ReactNode;
};

/** A dashboard card whose heading names its region for screen-reader navigation. */
export function AdminSection({ id, title, description, className, children }: AdminSectionProps) {
  return (
    <Card aria-labelledby={id} className={cn('min-w-0', className)} role="region">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 id={id} className="text-lg">
            {title}
          </h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">{children}</CardContent>
    </Card>
  );
}
