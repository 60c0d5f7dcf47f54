import type { TSESTree } from '@typescript-eslint/utils';
import type { Notice, ScheduleItem } from '../schedule/types.js';

/** A use of a deprecated endpoint: a path in a string, a request to it, or an SDK call. */
export interface EndpointFinding {
  kind: 'endpoint';
  node: TSESTree.Node;
  item: ScheduleItem;
  notice: Notice;
  /** How the code reaches the endpoint when no path is written: the SDK method or function. */
  via?: string;
}

export type Finding = EndpointFinding;
