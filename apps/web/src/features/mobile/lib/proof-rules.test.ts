import { describe, expect, it } from 'vitest';
import type { ProofRule } from '@po/contract/proof/rules';
import { needFor, proofProblem } from './proof-rules';

const rule = (r: Partial<ProofRule>): ProofRule => ({
  Id: 1,
  Operation: 'statusChange',
  ReasonId: null,
  Signature: false,
  Photo: false,
  Message: '',
  MessageEn: '',
  ...r,
});
const words = { signature: 'ხელმოწერა სავალდებულოა', photo: 'ფოტო სავალდებულოა', english: false };
const NOBODY_HOME = 8718;

describe('the proof rules on the phone', () => {
  const rules = [
    rule({
      Id: 1,
      ReasonId: NOBODY_HOME,
      Photo: true,
      Message: 'გადაუღეთ კარს ფოტო',
      MessageEn: 'Photograph the door',
    }),
    rule({ Id: 2, Operation: 'handToCourier', Signature: true }),
  ];

  it('asks for what the status’s rule needs, and nothing without a rule', () => {
    expect(needFor(rules, NOBODY_HOME)).toEqual({ signature: false, photo: true });
    expect(needFor(rules, 8707)).toEqual({ signature: true, photo: false });
    expect(needFor(rules, 8722)).toEqual({ signature: false, photo: false });
    expect(needFor(rules, 8711)).toEqual({ signature: false, photo: false });
  });

  it('refuses a job without the photo with the rule’s message, in the screen’s language', () => {
    expect(proofProblem(rules, NOBODY_HOME, { signature: false, photos: 0 }, words)).toBe(
      'გადაუღეთ კარს ფოტო',
    );
    expect(
      proofProblem(rules, NOBODY_HOME, { signature: false, photos: 0 }, { ...words, english: true }),
    ).toBe('Photograph the door');
    expect(proofProblem(rules, NOBODY_HOME, { signature: false, photos: 1 }, words)).toBeNull();
  });

  it('says the phone’s own words when the rule has no message', () => {
    expect(proofProblem(rules, 8707, { signature: false, photos: 3 }, words)).toBe('ხელმოწერა სავალდებულოა');
    expect(proofProblem(rules, 8707, { signature: true, photos: 0 }, words)).toBeNull();
  });
});
