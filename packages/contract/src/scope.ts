import { Status } from './constants.ts';
import type { Message } from './messages.ts';

/**
 * The parcel scope's rules that the screens share with the server (DOMAIN.md "Parcel scope"): the
 * statuses a corporate client's user may give their own parcels. Courier and office statuses (picked
 * up, delivered, received, lost, paid …) are never theirs.
 */
export const CORPORATE_STATUSES: readonly number[] = [
  Status.Confirmed,
  Status.Registered,
  Status.Deleted,
  Status.Restored,
  Status.CommentChanged,
];

export const scopeMessages = {
  'scope.corporateStatus': {
    ka: 'კორპორატიულ კლიენტს ამ სტატუსის მინიჭება არ შეუძლია',
    en: 'A corporate client cannot set this status',
  },
  'scope.courierNotHeld': {
    ka: 'ამანათი თქვენთან არ არის: ჯერ აიღეთ იგი',
    en: 'The parcel is not with you: pick it up first',
  },
  'scope.courierDelivered': {
    ka: 'ამანათი უკვე ჩაბარებულია',
    en: 'The parcel is already delivered',
  },
} satisfies Record<string, Message>;
