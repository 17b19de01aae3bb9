import { ITEM_LAYOUTS, type ItemLayout, LIST_LAYOUTS, type ListLayout } from '@sideline/contract/enums';
import { createStore } from '@/lib/create-store';
import { storage } from '@/lib/storage';

/** How listings are laid out (the spec's Layouts: grid/list, card/table), remembered across visits. */
export type EventsLayout = { list: ListLayout; item: ItemLayout };

const KEY = 'events-layout';
export const DEFAULT_LAYOUT: EventsLayout = { list: 'grid', item: 'card' };

function stored(): EventsLayout {
  const value = storage.getJson<Partial<EventsLayout>>(KEY);
  return {
    list: LIST_LAYOUTS.includes(value?.list as ListLayout) ? (value?.list as ListLayout) : DEFAULT_LAYOUT.list,
    item: ITEM_LAYOUTS.includes(value?.item as ItemLayout) ? (value?.item as ItemLayout) : DEFAULT_LAYOUT.item,
  };
}

export const layoutStore = createStore<EventsLayout>(stored());

export function setLayout(change: Partial<EventsLayout>) {
  layoutStore.set((layout) => ({ ...layout, ...change }));
  storage.setJson(KEY, layoutStore.get());
}

export const useEventsLayout = () => layoutStore.use();
