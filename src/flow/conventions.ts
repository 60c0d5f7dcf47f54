import type { ParsedModule } from '../project/module.js';
import type { Engine } from './engine.js';
import { exportValue } from './modules.js';
import { awaited, call, load } from './operations.js';
import { runOptionsComponent } from './vue-options.js';
import { runExportedReducers } from './redux.js';
import { EMPTY, unionAll } from './values.js';

/** Next.js's pages router: the functions whose result a page is rendered with. */
const PAGE_DATA = ['getServerSideProps', 'getStaticProps'];
const PAGES_FOLDER = /[\\/]pages[\\/]/;

/**
 * What a framework does with a module's exports by convention, which no code in the project
 * shows: a Next.js page (a module under `pages/` exporting `getServerSideProps` or
 * `getStaticProps`) is its default export called with the `props` they resolve to; a Vue component
 * written with the Options API runs with its instance as `this` (see vue-options.ts); a module's
 * exported Redux reducers run with the actions the project dispatches (see redux.ts).
 */
export function runConventions(engine: Engine, module: ParsedModule): void {
  runOptionsComponent(engine, module);
  runExportedReducers(engine, module);
  if (!PAGES_FOLDER.test(module.path) || !module.exports.has('default')) return;
  const loaders = PAGE_DATA.filter((name) => module.exports.has(name));
  if (loaders.length === 0) return;
  const results = unionAll(loaders.map((name) => awaited(engine, call(engine, exportValue(engine, module.path, name, undefined), [EMPTY], EMPTY, module.ast))));
  const props = load(engine, results.filter((value) => value.kind === 'object'), 'props', undefined);
  if (props.length > 0) call(engine, exportValue(engine, module.path, 'default', undefined), [props], EMPTY, module.ast);
}
