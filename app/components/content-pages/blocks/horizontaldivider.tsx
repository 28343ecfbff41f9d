import type { BlockContentOf } from '~/lib/content-pages/blocks';
import { BlockBox } from '../block-box';

/** A horizontal line in the block's colour and width. */
export function HorizontaldividerBlock({ content }: { content: BlockContentOf<'HORIZONTALDIVIDER'> }) {
  return (
    <BlockBox type="HORIZONTALDIVIDER" box={content}>
      <hr
        className="m-0 border-0 border-solid"
        style={{ borderTopWidth: `${content.dividerWidth}px`, borderTopColor: content.dividerColor }}
      />
    </BlockBox>
  );
}
