import type { TSESTree } from '../ts-eslint-lite.js';
import type { Engine } from './engine.js';
import { call, elementsOf, load } from './operations.js';
import { EMPTY, objectValue, type Allocation } from './values.js';

/**
 * List components of a library the project does not hold, which call a render prop with each
 * element of a data prop: React Native's `<FlatList data={xs} renderItem={({ item }) => …}
 * keyExtractor={(item) => …} />` (and Shopify's FlashList, which copies it), `<SectionList
 * sections={[{ data }]}>`, and Ant Design's `<List dataSource={xs} renderItem={(item) => …} />`.
 */
export function renderListItems(engine: Engine, props: Allocation, node: TSESTree.Node): void {
  const prop = (key: string) => engine.read(engine.cell(props, key));
  const renderers = prop('renderItem');
  if (renderers.length === 0) return;
  const sections = elementsOf(engine, prop('sections'));
  const items = elementsOf(engine, [...prop('data'), ...load(engine, sections, 'data', undefined)]);
  if (items.length > 0) {
    // React Native hands `{ item, index, section }`; its `keyExtractor` gets the item itself.
    const info = engine.allocate(node, 'other');
    engine.write(engine.cell(info, 'item'), items);
    engine.write(engine.cell(info, 'section'), sections);
    call(engine, renderers, [[objectValue(info)]], EMPTY, node);
    call(engine, prop('keyExtractor'), [items], EMPTY, node);
  }
  const listed = elementsOf(engine, prop('dataSource'));
  if (listed.length > 0) call(engine, renderers, [listed], EMPTY, node);
}
