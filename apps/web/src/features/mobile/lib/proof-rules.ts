import { useEffect, useState } from 'react';
import { proofBreak, type ProofRule } from '@po/contract/proof/rules';

/**
 * The proof a courier job must carry, per operation and reason (issue 40: an administrator's rules
 * under reference data): a signature, a photo, or both, with the rule's Georgian message. The phone
 * refuses a job that breaks its rule before sending it (the contract's `proofBreak`, which the server
 * applies too).
 */
export interface ProofNeed {
  signature: boolean;
  photo: boolean;
}

/** What a job of `status` must carry by the rules (nothing without a rule). */
export function needFor(rules: readonly ProofRule[], status: number): ProofNeed {
  return {
    signature: proofBreak(rules, status, { signature: false, photos: 1 }) !== null,
    photo: proofBreak(rules, status, { signature: true, photos: 0 }) !== null,
  };
}

/**
 * Why a job may not be sent for its proof, or null: the broken rule's message in the screen's
 * language, else the phone's words for the missing signature or photo.
 */
export function proofProblem(
  rules: readonly ProofRule[],
  status: number,
  carries: { signature: boolean; photos: number },
  words: { signature: string; photo: string; english: boolean },
): string | null {
  const broken = proofBreak(rules, status, carries);
  if (!broken) return null;
  const own = (words.english && broken.rule.MessageEn) || broken.rule.Message;
  return own || words[broken.missing];
}

/** Where the phone keeps the last rules it read, for the jobs made without a signal. */
const RULES_KEY = 'po.mobile.proofRules';

export function keptRules(): ProofRule[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(RULES_KEY) ?? '[]');
    return Array.isArray(v) ? (v as ProofRule[]) : [];
  } catch {
    return [];
  }
}

function keepRules(rules: ProofRule[]): void {
  try {
    localStorage.setItem(RULES_KEY, JSON.stringify(rules));
  } catch {
    /* storage full: the rules stay in memory */
  }
}

/**
 * The proof rules: the kept copy at once, then the server's when it answers (kept for the next time
 * there is no signal). Without a signal and without a kept copy there are no rules on the phone; the
 * server still refuses a job that breaks one.
 */
export function useProofRules(read: () => Promise<ProofRule[]>): ProofRule[] {
  const [rules, setRules] = useState<ProofRule[]>(keptRules);
  useEffect(() => {
    let alive = true;
    read().then(
      (fresh) => {
        keepRules(fresh);
        if (alive) setRules(fresh);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [read]);
  return rules;
}
