import { Page } from './page';

/** A screen a later issue builds: its title only, until then. */
export function TitleOnlyPage({ title }: { title: string }) {
  return <Page title={title} />;
}
