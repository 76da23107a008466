/** Every command of the CLI, in the order the help and the README list them. */
import type { Command } from '../command';
import { analyze } from './analyze';
import { cache } from './cache';
import { compare } from './compare';
import { diff } from './diff';
import { mcp } from './mcp';
import { recommend } from './recommend';
import { report } from './report';
import { status } from './status';
import { timeline } from './timeline';

export const commands: readonly Command[] = [
  analyze,
  status,
  report,
  diff,
  timeline,
  recommend,
  compare,
  mcp,
  cache,
];
