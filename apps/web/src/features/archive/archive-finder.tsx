import { ArchiveScreen } from './archive-screen';

/** /arcparfinder (spec 001 §2.7): the archive parcel finder. */
export function ArchiveFinderScreen() {
  return <ArchiveScreen store="archive" />;
}
