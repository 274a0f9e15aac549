import { ArchiveScreen } from './archive-screen';

/** /oldarcparfinder (spec 001 §2.8): the old archive finder. */
export function Component() {
  return <ArchiveScreen store="oldArchive" />;
}
