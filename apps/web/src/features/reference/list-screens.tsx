import { Group } from '@po/contract';
import { ListScreen, type ListScreenConfig } from './components/list-screen';

/** The reference lists as configurations of the one list screen; each export is a screen of the route table. */
function screen(config: ListScreenConfig) {
  const Screen = () => <ListScreen config={config} />;
  Screen.displayName = `ReferenceList${config.group}`;
  return Screen;
}

export const StatusListScreen = screen({ group: Group.Status, title: 'status' });
export const ClientTypeListScreen = screen({ group: Group.Client, title: 'clientstypes' });
export const ParcelTypeListScreen = screen({ group: Group.ParcelType, title: 'parcelstypes' });
export const PayerTypeListScreen = screen({ group: Group.Payer, title: 'paytypes' });
export const CurrencyListScreen = screen({ group: Group.Currency, title: 'curtypes' });
export const BagTypeListScreen = screen({ group: Group.BagType, title: 'bagtypes' });
