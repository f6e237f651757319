import { Tabs as ArkTabs } from '@ark-ui/react/tabs';
import type { ComponentProps } from 'react';
import { cx } from '../../styled-system/css';
import { tabs } from '../../styled-system/recipes';

const styles = tabs();

export function TabsRoot({ className, ...props }: ComponentProps<typeof ArkTabs.Root>) {
  return <ArkTabs.Root className={cx(styles.root, className)} {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<typeof ArkTabs.List>) {
  return <ArkTabs.List className={cx(styles.list, className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof ArkTabs.Trigger>) {
  return <ArkTabs.Trigger className={cx(styles.trigger, className)} {...props} />;
}

export function TabsContent({ className, ...props }: ComponentProps<typeof ArkTabs.Content>) {
  return <ArkTabs.Content className={cx(styles.content, className)} {...props} />;
}
