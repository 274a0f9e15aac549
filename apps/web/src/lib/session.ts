import { useSyncExternalStore } from 'react';
import { decodeNote, type SessionNote } from '@po/contract/note';

/** localStorage key of the stored session (spec 000 §3 "User session (kept locally)"). */
export const SESSION_KEY = 'po.session';

export interface SessionState {
  Id: string;
  Ticket: string;
  Name: string;
  Role: number;
  /** the encoded note as the server sent it */
  Note: string;
  /** the decoded note (IsCorporate, OfficeGUID, RoleId ...) */
  note: SessionNote;
  PasswordExp: boolean;
  /** an administrator set the password: the user must choose their own before working (absent: false) */
  PasswordTemporary?: boolean;
  Mobile: string;
  CarNumber: string;
  DriverId: string;
  AvatarUrl: string | null;
  /** the login name typed on the login form */
  Login: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cacheRaw: string | null | undefined;
let cacheValue: SessionState | null = null;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function parse(raw: string | null): SessionState | null {
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as SessionState;
    if (!s || typeof s.Id !== 'string' || typeof s.Ticket !== 'string' || !s.note) return null;
    return s;
  } catch {
    return null;
  }
}

/** The current session, or null when logged out. The same object is returned until the stored value changes. */
export function getSession(): SessionState | null {
  const raw = storage()?.getItem(SESSION_KEY) ?? null;
  if (raw !== cacheRaw) {
    cacheRaw = raw;
    cacheValue = parse(raw);
  }
  return cacheValue;
}

function emit() {
  for (const l of [...listeners]) l();
}

let loggedOut = false;

/** True when the last session ended by the user's own logout (the guard then opens a plain login form). */
export function endedByLogout(): boolean {
  return loggedOut;
}

export function setSession(s: SessionState): void {
  loggedOut = false;
  storage()?.setItem(SESSION_KEY, JSON.stringify(s));
  emit();
}

/** Replaces the ticket of the current session (after a renewal). */
export function updateTicket(ticket: string): void {
  const s = getSession();
  if (!s || !ticket || s.Ticket === ticket) return;
  setSession({ ...s, Ticket: ticket });
}

export function clearSession(opts: { logout?: boolean } = {}): void {
  loggedOut = Boolean(opts.logout);
  storage()?.removeItem(SESSION_KEY);
  emit();
}

/** Builds a session from the login answer; throws when the note cannot be decoded. */
export function sessionFromLogin(
  data: {
    Name: string;
    Ticket: string;
    Note: string;
    Role: number;
    UserId: string;
    PasswordExp: boolean;
    PasswordTemporary: boolean;
    Mobile: string;
    CarNumber: string;
    DriverId: string;
    AvatarUrl: string | null;
  },
  login: string,
): SessionState {
  return {
    Id: data.UserId,
    Ticket: data.Ticket,
    Name: data.Name,
    Role: data.Role,
    Note: data.Note,
    note: decodeNote(data.Note),
    PasswordExp: data.PasswordExp,
    PasswordTemporary: data.PasswordTemporary,
    Mobile: data.Mobile,
    CarNumber: data.CarNumber,
    DriverId: data.DriverId,
    AvatarUrl: data.AvatarUrl,
    Login: login,
  };
}

/** Where a user lands after login: the courier (role 106) on /mobilehome, everyone else on /home. */
export function landingPath(role: number | undefined): string {
  return role === 106 ? '/mobilehome' : '/home';
}

/** A redirect target from the URL that stays inside this app (not the login form itself). */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  if (target.startsWith('/login-form')) return null;
  return target;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === SESSION_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The session as React state; follows changes in this tab and in other tabs. */
export function useSession(): SessionState | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}
