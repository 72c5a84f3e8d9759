import { Share2 } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import { toast } from '@/components/ui/use-toast';

export interface ShareButtonProps {
  title: string;
  text: string;
  /** Absolute address of the page shared. */
  url: string;
}

/**
 * The system share sheet where the browser has one (phones), else the address copied with a
 * toast saying so. Closing the share sheet is no error; a refused clipboard says how to copy.
 */
export function ShareButton({ title, text, url }: ShareButtonProps) {
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'AbortError')) await copy(url);
      }
      return;
    }
    await copy(url);
  };
  return (
    <button
      type="button"
      className={buttonVariants({ variant: 'outline' })}
      onClick={() => void share()}
    >
      <Share2 aria-hidden />
      Share this draw
    </button>
  );
}

async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: url });
  } catch {
    toast({
      variant: 'destructive',
      title: 'Error',
      description: `The link could not be copied. Copy it from the address bar: ${url}`,
    });
  }
}
