import dayjs from 'dayjs';
import 'dayjs/locale/ka';
import 'dayjs/locale/en';
import updateLocale from 'dayjs/plugin/updateLocale';

/** dayjs with the Georgian locale and 24-hour times (the ka locale's LT is 12-hour). */
dayjs.extend(updateLocale);
dayjs.updateLocale('ka', {
  formats: {
    LT: 'HH:mm',
    LTS: 'HH:mm:ss',
    L: 'DD.MM.YYYY',
    LL: 'D MMMM YYYY',
    LLL: 'D MMMM YYYY HH:mm',
    LLLL: 'dddd, D MMMM YYYY HH:mm',
  },
});
dayjs.locale('ka');

export default dayjs;
