import { ArchiveScreen } from './archive-screen';

/** /arcparfinder (spec 001 §2.7): the archive parcel finder. */
export function Component() {
  return <ArchiveScreen store="archive" />;
}
