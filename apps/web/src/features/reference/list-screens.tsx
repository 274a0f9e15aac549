import { Group } from '@po/contract';
import { ListScreen, type ListScreenConfig } from './components/list-screen';

/** The reference lists as configurations of the one list screen; each export is a route module. */
function screen(config: ListScreenConfig) {
  const Component = () => <ListScreen config={config} />;
  Component.displayName = `ReferenceList${config.group}`;
  return { Component };
}

export const statuses = screen({ group: Group.Status, title: 'status' });
export const clients = screen({ group: Group.Client, title: 'clientstypes' });
export const parcelTypes = screen({ group: Group.ParcelType, title: 'parcelstypes' });
export const payTypes = screen({ group: Group.Payer, title: 'paytypes' });
export const currencies = screen({ group: Group.Currency, title: 'curtypes' });
export const bagTypes = screen({ group: Group.BagType, title: 'bagtypes' });
