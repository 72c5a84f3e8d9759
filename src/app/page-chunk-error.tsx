import { Link } from 'react-router-dom';
import type { FailedChunkProps } from '@/components/lazy-with-retry';
import { ChunkError } from '@/components/states/chunk-error';
import { paths } from '@/shared/config/paths';
import { useI18n } from '@/i18n/i18n-context';

/**
 * A lazy page whose code could not be downloaded (offline before it was ever opened): it says the
 * page needs a connection and points to Today, which works offline from the results last read.
 */
function PageChunkError({ onRetry, standalone }: FailedChunkProps & { standalone: boolean }) {
  const { i18n } = useI18n();
  const Root = standalone ? 'main' : 'section';
  return (
    <Root
      className={`flex flex-col items-center gap-2 text-center ${standalone ? 'min-h-dvh justify-center p-6' : 'py-16'}`}
    >
      <h1 className="text-2xl font-bold">{i18n._('state.pageNeedsConnection')}</h1>
      <ChunkError what="This page" onRetry={onRetry} />
      <Link to={paths.home.getHref()} className="text-sm underline underline-offset-4">
        {i18n._('state.todayWorksOffline')}
      </Link>
    </Root>
  );
}

/** For a page inside the public layout (its header and footer stay). */
export const LayoutPageChunkError = (props: FailedChunkProps) => (
  <PageChunkError {...props} standalone={false} />
);

/** For a page of its own (sign-in, admin). */
export const StandalonePageChunkError = (props: FailedChunkProps) => (
  <PageChunkError {...props} standalone />
);
