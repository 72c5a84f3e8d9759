import { parentPort } from 'node:worker_threads';
import { loadGlyphAtlas, renderDrawImage, type DrawImageContent } from './draw-image.ts';

// The render thread's program (render-thread.ts): the atlas is read once, then each message is
// one image. A bad content is answered with its error, never a crash.
const atlas = loadGlyphAtlas();
parentPort!.on('message', ({ id, content }: { id: number; content: DrawImageContent }) => {
  try {
    parentPort!.postMessage({ id, png: renderDrawImage(atlas, content) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
