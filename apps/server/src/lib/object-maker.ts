/**
 * Objects with many keys made in one step, as literals. V8 keeps an object built key by key (`out[k] = v`
 * in a loop) as a hash table once it passes a dozen or so properties: slower to build, to read, to copy
 * and to serialise (a parcel row of 60 columns is many times slower to build that way than as a literal,
 * and slower to turn into JSON). The rows the server reads by the thousand and the inputs every
 * call reads are made here instead: one function per list of keys, written once.
 */

/**
 * Makes objects with these keys, in this order, from `values[offset + i]`; `T` names the objects' type
 * where the caller knows what the values are (a query's columns).
 */
export type ObjectMaker<K extends string = string, T extends Record<K, unknown> = Record<K, unknown>> = (
  values: readonly unknown[],
  offset: number,
) => T;

export function objectMaker<K extends string, T extends Record<K, unknown> = Record<K, unknown>>(
  keys: readonly K[],
): ObjectMaker<K, T> {
  // the keys are the server's own (schema columns and fields), quoted as JSON all the same
  const body = `return {${keys.map((k, i) => `${JSON.stringify(k)}: v[o + ${i}]`).join(', ')}};`;
  return new Function('v', 'o', body) as ObjectMaker<K, T>;
}
