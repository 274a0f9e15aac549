/**
 * Proof rules per status (issue 40): what a courier's job of an operation (and a reason) must carry:
 * the signature, a photo, or both. An administrator keeps them (a screen under reference data); the
 * phone reads them with `GetProofRules` and refuses before sending, and the server refuses a job that
 * breaks one with the rule's Georgian `Message`.
 *
 * Operations (the job's `Status`):
 * - `handover`: 8712, delivered (the signature is always required there; a rule may add a photo)
 * - `statusChange`: a failure reason (FAILURE_STATUSES: 8722 nobody home …); `ReasonId` the reason's
 *   status id, or null for every reason
 * - `handToCourier`: 8707
 * A pickup (8711) has no rules. Several rules may match a job (the operation's rule for any reason and
 * the reason's own): the job needs what any of them needs, and a refusal names the most specific one.
 */
import { z } from 'zod';
import { defineCall, writeResult } from '../call.ts';
import { booleanish, int, optText, text } from '../common.ts';
import { FAILURE_STATUSES, Status } from '../constants.ts';
import { Guards } from '../guard.ts';
import { label } from '../labels.ts';
import type { Message } from '../messages.ts';

export const ProofOperation = {
  Handover: 'handover',
  StatusChange: 'statusChange',
  HandToCourier: 'handToCourier',
} as const;
export const PROOF_OPERATIONS = ['handover', 'statusChange', 'handToCourier'] as const;
export type ProofOperationName = (typeof PROOF_OPERATIONS)[number];

/** The operation of a job's status, null when no rule applies to it (pickup, none). */
export function proofOperationOf(status: number): ProofOperationName | null {
  if (status === Status.Delivered) return 'handover';
  if (status === Status.HandToCourier) return 'handToCourier';
  if (FAILURE_STATUSES.includes(status)) return 'statusChange';
  return null;
}

export const proofRule = z.object({
  Id: z.number(),
  Operation: z.enum(PROOF_OPERATIONS),
  /** the failure status of a statusChange rule; null: every reason (and always for other operations) */
  ReasonId: z.number().nullable(),
  Signature: z.boolean(),
  Photo: z.boolean(),
  /** the refusal's Georgian text */
  Message: z.string(),
  MessageEn: z.string(),
});
export type ProofRule = z.output<typeof proofRule>;

/** What a job must carry and the rule that asks it, or null when it carries enough. */
export interface ProofBreak {
  rule: ProofRule;
  missing: 'signature' | 'photo';
}

/**
 * The first rule a job breaks (the reason's own rule before the operation's rule for any reason), or
 * null. Shared by the phone (before sending) and the server (refusing the job).
 */
export function proofBreak(
  rules: readonly ProofRule[],
  status: number,
  carries: { signature: boolean; photos: number },
): ProofBreak | null {
  const op = proofOperationOf(status);
  if (!op) return null;
  const matching = rules
    .filter((r) => r.Operation === op && (r.ReasonId === null || r.ReasonId === status))
    .sort((a, b) => (a.ReasonId === null ? 1 : 0) - (b.ReasonId === null ? 1 : 0));
  for (const rule of matching) {
    if (rule.Signature && !carries.signature) return { rule, missing: 'signature' };
    if (rule.Photo && carries.photos < 1) return { rule, missing: 'photo' };
  }
  return null;
}

/**
 * The rule a saved rule breaks across its fields (the server refuses it, the screen says it at the
 * field): the field and the message key, or null.
 */
export function ruleIssue(v: {
  Operation: string;
  ReasonId?: number | null;
  Signature: boolean;
  Photo: boolean;
}): { field: 'Photo' | 'ReasonId'; key: 'proof.ruleEmpty' | 'proof.reasonOnlyStatusChange' } | null {
  if (!v.Signature && !v.Photo) return { field: 'Photo', key: 'proof.ruleEmpty' };
  if (v.ReasonId != null && v.Operation !== 'statusChange')
    return { field: 'ReasonId', key: 'proof.reasonOnlyStatusChange' };
  return null;
}

const ruleLabels = {
  RuleId: label('წესი', 'Rule'),
  Operation: label('ოპერაცია', 'Operation'),
  ReasonId: label('მიზეზი', 'Reason'),
  Signature: label('ხელმოწერა სავალდებულოა', 'Signature required'),
  Photo: label('ფოტო სავალდებულოა', 'Photo required'),
  Message: label('შეტყობინება', 'Message'),
  MessageEn: label('შეტყობინება (ინგლისურად)', 'Message (English)'),
};

export const GetProofRules = defineCall('GET', 'GetProofRules', z.object({}), z.array(proofRule), {
  summary: 'The proof rules per operation and reason: signature and/or photo required (issue 40)',
  guard: Guards.working,
  parcels: 'none',
});

export const SaveProofRule = defineCall(
  'POST',
  'SaveProofRule',
  z.object({
    /** the rule's Id; 0 or absent: a new rule (`Id` is the session's user) */
    RuleId: int.min(0, { error: 'v.tooSmall' }).optional().default(0),
    Operation: z.enum(PROOF_OPERATIONS, { error: 'v.oneOf' }),
    ReasonId: z.preprocess(
      (v) => (v === '' || v === 0 || v === '0' ? null : v),
      int.refine((v) => FAILURE_STATUSES.includes(v), { error: 'v.oneOf' }).nullish(),
    ),
    Signature: booleanish.optional().default(false),
    Photo: booleanish.optional().default(false),
    Message: text(300).min(1, { error: 'v.required' }),
    MessageEn: optText(300),
  }),
  writeResult,
  {
    summary:
      'Adds (RuleId 0) or changes a proof rule (administrators); Ret the rule id. One rule per operation and reason',
    guard: Guards.admin,
    parcels: 'none',
    labels: ruleLabels,
  },
);

export const DeleteProofRule = defineCall(
  'POST',
  'DeleteProofRule',
  z.object({ RuleId: int.min(1, { error: 'v.tooSmall' }) }),
  writeResult,
  {
    summary: 'Deletes a proof rule (administrators)',
    guard: Guards.admin,
    parcels: 'none',
    labels: { RuleId: label('წესი', 'Rule') },
  },
);

export const rulesMessages = {
  'proof.ruleEmpty': {
    ka: 'წესმა უნდა მოითხოვოს ხელმოწერა, ფოტო ან ორივე',
    en: 'A rule must require the signature, a photo or both',
  },
  'proof.reasonOnlyStatusChange': {
    ka: 'მიზეზი მხოლოდ სტატუსის შეცვლის წესს შეიძლება ჰქონდეს',
    en: 'Only a status change rule may name a reason',
  },
  'proof.ruleExists': {
    ka: 'ამ ოპერაციისა და მიზეზის წესი უკვე არსებობს',
    en: 'A rule for this operation and reason exists already',
  },
  'proof.ruleNotFound': { ka: 'წესი ვერ მოიძებნა', en: 'Rule not found' },
  /** the server's refusal when a rule has no message of its own */
  'proof.photoRequired': {
    ka: 'ამ ოპერაციისთვის ფოტო სავალდებულოა',
    en: 'A photo is required for this operation',
  },
  'proof.signatureRequired': {
    ka: 'ამ ოპერაციისთვის ხელმოწერა სავალდებულოა',
    en: 'The signature is required for this operation',
  },
  /** a rule's own message ({text}: the rule's Georgian or English text) */
  'proof.rule': { ka: '{text}', en: '{text}' },
} satisfies Record<string, Message>;
