import {
  createContext,
  useContext,
  useId,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { cx } from '../../styled-system/css';
import { tabs } from '../../styled-system/recipes';

/*
 * Tabs as the WAI-ARIA Authoring Practices describe them (tablist, tab, tabpanel; arrow keys, Home and End move and
 * select; one tab in the Tab order). Written here instead of wrapping Ark's (ADR 045): Ark's tabs run a state machine
 * per root and a presence machine per panel, and hydrating them was the longest task of the tournament page on a
 * phone (issue 12, TBT). Same props as the Ark wrapper they replace.
 */

const styles = tabs();

interface TabsState {
  idBase: string;
  value: string | null;
  select: (value: string) => void;
  /** Whether a panel's content is rendered (lazyMount: once shown; unmountOnExit: only while shown). */
  mounted: (value: string) => boolean;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`${part} must be inside TabsRoot`);
  return state;
}

const triggerId = (idBase: string, value: string) => `${idBase}-tab-${value}`;
const contentId = (idBase: string, value: string) => `${idBase}-panel-${value}`;

export interface TabsRootProps extends Omit<ComponentProps<'div'>, 'defaultValue'> {
  /** The selected tab (controlled). */
  value?: string;
  /** The tab selected first (uncontrolled). */
  defaultValue?: string;
  onValueChange?: (details: { value: string }) => void;
  /** A panel's content is rendered only once its tab has been selected. */
  lazyMount?: boolean;
  /** A panel's content is removed when its tab is left. */
  unmountOnExit?: boolean;
}

export function TabsRoot({
  value,
  defaultValue,
  onValueChange,
  lazyMount = false,
  unmountOnExit = false,
  className,
  children,
  ...props
}: TabsRootProps) {
  const idBase = useId();
  const [own, setOwn] = useState(defaultValue ?? null);
  const selected = value ?? own;
  // The panels shown so far, for lazyMount. A value chosen from outside (a link's hash) is noted as it renders.
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set(selected === null ? [] : [selected]));
  if (selected !== null && !shown.has(selected)) setShown(new Set(shown).add(selected));
  const state: TabsState = {
    idBase,
    value: selected,
    select: (next) => {
      if (next === selected) return;
      if (value === undefined) setOwn(next);
      onValueChange?.({ value: next });
    },
    mounted: (panel) =>
      panel === selected || (!unmountOnExit && (!lazyMount || shown.has(panel))),
  };
  return (
    <TabsContext.Provider value={state}>
      <div className={cx(styles.root, className)} {...props}>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

const nextKeys: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const { select } = useTabs('TabsList');
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const move = nextKeys[event.key];
    if (!move || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const tabList = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const index = tabList.indexOf(event.target as HTMLButtonElement);
    const next = tabList[move(index, tabList.length)];
    if (index < 0 || !next) return;
    event.preventDefault();
    next.focus();
    // Automatic activation (APG): the focused tab is the selected one.
    if (next.dataset.value) select(next.dataset.value);
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cx(styles.list, className)}
      onKeyDown={onKey}
      {...props}
    />
  );
}

export interface TabsTriggerProps extends ComponentProps<'button'> {
  value: string;
}

export function TabsTrigger({ value, className, onClick, ...props }: TabsTriggerProps) {
  const { idBase, value: selectedValue, select } = useTabs('TabsTrigger');
  const selected = value === selectedValue;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(idBase, value)}
      aria-selected={selected}
      aria-controls={contentId(idBase, value)}
      tabIndex={selected ? 0 : -1}
      data-value={value}
      className={cx(styles.trigger, className)}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) select(value);
      }}
      {...props}
    />
  );
}

export interface TabsContentProps extends ComponentProps<'div'> {
  value: string;
}

export function TabsContent({ value, className, children, ...props }: TabsContentProps) {
  const { idBase, value: selectedValue, mounted } = useTabs('TabsContent');
  const selected = value === selectedValue;
  if (!mounted(value)) return null;
  return (
    <div
      role="tabpanel"
      id={contentId(idBase, value)}
      aria-labelledby={triggerId(idBase, value)}
      tabIndex={0}
      hidden={!selected}
      className={cx(styles.content, className)}
      {...props}
    >
      {children}
    </div>
  );
}
