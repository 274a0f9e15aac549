import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { RsAdapter } from './adapter.ts';
import { builtinRs } from './builtin.ts';

/** Chooses the revenue-service implementation from the settings. */
export async function createRs(config: Config, db: Db): Promise<RsAdapter> {
  if (config.RS_MODE === 'soap') {
    const { soapRs } = await import('./soap.ts');
    return soapRs(config);
  }
  return builtinRs(db);
}
