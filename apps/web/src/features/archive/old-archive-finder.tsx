import { ArchiveScreen } from './archive-screen';

/** /oldarcparfinder (spec 001 §2.8): the old archive finder. */
export function OldArchiveFinderScreen() {
  return <ArchiveScreen store="oldArchive" />;
}
