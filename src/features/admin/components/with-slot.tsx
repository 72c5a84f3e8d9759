import { Fragment, type ReactNode } from 'react';

/** What a message's styled arguments are given, one mark each (see `WithSlot`). */
// Private-use characters: no catalog message or typed value contains them.
export const SLOT = '\uE000';
export const SLOT2 = '\uE001';

/**
 * A whole message with styled parts (`This creates <strong>2 results</strong>, …`): the catalog's
 * sentence is rendered with `SLOT` (and `SLOT2`) as those arguments and cut there, so each
 * language keeps its own word order and no sentence is glued from pieces.
 */
export function WithSlot({ text, children }: { text: string; children: ReactNode }) {
  const slots = Array.isArray(children) ? (children as ReactNode[]) : [children];
  return (
    <>
      {text.split(/([\uE000\uE001])/).map((piece, index) => (
        <Fragment key={index}>
          {piece === SLOT ? slots[0] : piece === SLOT2 ? slots[1] : piece}
        </Fragment>
      ))}
    </>
  );
}
