import { Share2 } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import { toast } from '@/components/ui/use-toast';
import { useI18n } from '@/i18n/i18n-context';
import type { Messages } from '@/shared/i18n/messages';

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
  const { i18n } = useI18n();
  const copy = () => copyLink(url, i18n);
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'AbortError')) await copy();
      }
      return;
    }
    await copy();
  };
  return (
    <button
      type="button"
      className={buttonVariants({ variant: 'outline' })}
      onClick={() => void share()}
    >
      <Share2 aria-hidden />
      {i18n._('drawPage.share')}
    </button>
  );
}

async function copyLink(url: string, i18n: Messages) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: i18n._('drawPage.linkCopied'), description: url });
  } catch {
    toast({
      variant: 'destructive',
      title: i18n._('drawPage.errorTitle'),
      description: i18n._('drawPage.copyFailed', { url }),
    });
  }
}
