import type { Config } from '../config.js';
export function unsafeStartReasons(_config: Config): string[] {
  return [];
}
