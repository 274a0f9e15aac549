/**
 * Every input field of every call has a label in both languages, so a validation message names the
 * field as its screen does. The calls are not listed here: every module of the contract is loaded and
 * each exported call definition walked, so a call added later without labels fails this test.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { CallDef } from './call.ts';

const dir = fileURLToPath(new URL('.', import.meta.url));

function isCall(v: unknown): v is CallDef {
  if (!v || typeof v !== 'object') return false;
  const c = v as Partial<CallDef>;
  return typeof c.name === 'string' && c.path === `/api/${c.name}` && !!c.input && !!c.method;
}

async function everyCall(): Promise<CallDef[]> {
  const found = new Map<string, CallDef>();
  // the area files, top level and in an area's folder (parcels/), not the generated manifest
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split('\\').join('/'))
    .filter((f) => !f.startsWith('generated/') && !f.startsWith('testing/'));
  for (const file of files.sort()) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const mod = (await import(/* @vite-ignore */ new URL(file, import.meta.url).href)) as Record<
      string,
      unknown
    >;
    for (const v of Object.values(mod)) if (isCall(v)) found.set(`${v.method} ${v.name}`, v);
  }
  return [...found.values()];
}

/** The names of every field of a schema, nested ones (rows of an array, piped and wrapped schemas) too. */
function fieldNames(schema: z.ZodType, out = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  if (!schema || seen.has(schema)) return out;
  seen.add(schema);
  const def = (schema as unknown as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return out;
  const walk = (s: unknown) => fieldNames(s as z.ZodType, out, seen);
  switch (def.type) {
    case 'object':
      for (const [k, v] of Object.entries((schema as z.ZodObject).shape)) {
        out.add(k);
        walk(v);
      }
      break;
    case 'array':
      walk(def.element);
      break;
    case 'pipe':
      walk(def.in);
      walk(def.out);
      break;
    case 'union':
      (def.options as unknown[]).forEach(walk);
      break;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      break;
    case 'record':
      walk(def.valueType);
      break;
    default:
      if (def.innerType) walk(def.innerType);
  }
  return out;
}

describe('field labels', () => {
  it('finds every call of the contract', async () => {
    const calls = await everyCall();
    const names = calls.map((c) => c.name);
    expect(names).toEqual(
      expect.arrayContaining(['ParcelFinder', 'ArchParcelFinder', 'Registration', 'MobSendJob']),
    );
    expect(calls.length).toBeGreaterThan(90);
  });

  it('walks nested fields (rows of an array, piped and wrapped schemas)', async () => {
    const { MobSendJob } = await import('./mobile.ts');
    expect([...fieldNames(MobSendJob.input)]).toEqual(
      expect.arrayContaining(['Ji', 'Barcode', 'Stack', 'lat']),
    );
  });

  it('gives every input field of every call a Georgian and an English label', async () => {
    const missing: string[] = [];
    for (const call of await everyCall()) {
      for (const field of fieldNames(call.input)) {
        const label = call.labels[field];
        const ok =
          label &&
          typeof label.ka === 'string' &&
          typeof label.en === 'string' &&
          label.ka.trim() !== '' &&
          label.en.trim() !== '' &&
          label.ka !== field;
        if (!ok) missing.push(`${call.name}.${field}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('lets a call name a field its own way over the shared words', async () => {
    const { ParcelFinder } = await import('./parcels/finder.ts');
    const { Registration } = await import('./registration.ts');
    const { PostInsertOffice } = await import('./admin.ts');
    expect(ParcelFinder.labels.Fild1).toEqual({ ka: 'ველი 1', en: 'Field 1' });
    expect(Registration.labels.Fild1).toEqual({ ka: 'საქმის ნომერი', en: 'Case number' });
    expect(Registration.labels.Barcode).toEqual({ ka: 'შტრიხკოდი', en: 'Barcode' });
    expect(PostInsertOffice.labels.Name.ka).toBe('დასახელება');
  });
});
