/**
 * The revenue service (rs.ge): name lookup by personal number or company code, and transport
 * waybills. Two implementations behind this one interface: the built-in registry kept in the
 * database (default, used by tests) and a SOAP client for the real WayBillService.
 */
export type RsLookup =
  | { kind: 'found'; name: string }
  | { kind: 'notFound' }
  /** the service could not be reached or answered with an error */
  | { kind: 'error'; message: string };

export interface RsAdapter {
  readonly mode: 'builtin' | 'soap';
  /** get_name_from_tin: a personal number (11 digits) or company code (9 digits) to a name */
  nameFromTin(tin: string): Promise<RsLookup>;
}
