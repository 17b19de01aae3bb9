import { type ConsoleMe, roleAllows } from '@sideline/contract/console';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useConsoleAccess } from '../api/get-console-me';
import { consolePaths } from '../sections';
import { schedulePageOf } from '../utils/schedule-query';
import { AuditPage } from './audit-page';
import { BrandingPage } from './branding-page';
import { CataloguePage } from './catalogue-page';
import styles from './console.module.css';
import { ConsoleLoadError, ConsoleLoading } from './console-states';
import { ContentPage } from './content-page';
import { GamePage, NewGamePage } from './game-page';
import { GamesImportPage } from './games-import-page';
import { NewChannelPage } from './new-channel-page';
import { SchedulePage } from './schedule-page';
import { StaffPage } from './staff-page';

/**
 * The console's frame: who is signed in with which role on which channel, and its sections. A guest is sent to
 * the fan sign-in page (which returns to the last page opened, this one); a fan, or another channel's account, is
 * told that it has no role here.
 */
export function ConsoleShell({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('console');
  const access = useConsoleAccess(signedIn);
  const { pathname } = useLocation();

  if (!signedIn)
    return (
      <div className={styles.page}>
        <EmptyState
          title={t('console.signInTitle')}
          message={t('console.signInMessage')}
          actions={
            <Link to={paths.login.href()} className="button button-solid">
              {t('console.signIn')}
            </Link>
          }
        />
      </div>
    );
  if (access.isPending)
    return (
      <div className={styles.page}>
        <ConsoleLoading label={t('console.loading')} />
      </div>
    );
  if (access.isError)
    return (
      <div className={styles.page}>
        <ConsoleLoadError level={1} onRetry={() => void access.refetch()} />
      </div>
    );
  if (access.data.kind === 'no-role')
    return (
      <div className={styles.page}>
        <EmptyState title={t('console.noRoleTitle')} message={t('console.noRoleMessage')} />
      </div>
    );

  const { me } = access.data;
  const overview = { to: consolePaths.overview, label: t('console.overview'), end: true };
  // The platform admin manages channels, not this channel's content: its role reads none of the channel's sections.
  const sections = roleAllows(me.role, 'platform')
    ? [overview, { to: consolePaths.channels, label: t('console.channels'), end: false }]
    : [
        overview,
        { to: consolePaths.branding, label: t('console.branding'), end: false },
        { to: consolePaths.schedule, label: t('console.schedule'), end: false },
        { to: consolePaths.catalogue, label: t('console.catalogue'), end: false },
        { to: consolePaths.content, label: t('console.content'), end: false },
        { to: consolePaths.staff, label: t('console.staff'), end: false },
        { to: consolePaths.audit, label: t('console.audit'), end: false },
      ];
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('console.title', { channel: me.channel.name })}</h1>
        <p className={styles.who}>
          {t('console.signedInAs', { email: me.user.email, role: t(`console.roles.${me.role}`) })}
        </p>
      </header>
      <nav aria-label={t('console.nav')} className={styles.nav}>
        <ul>
          {sections.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} end={section.end} className={styles.navLink}>
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <ConsoleSection pathname={pathname} me={me} />
    </div>
  );
}

/**
 * The section the address names; an unknown one is the overview. Chosen here rather than by nested routes, which
 * would add React Router's `Routes` to every fan's first load (the shell holds React Router).
 */
function ConsoleSection({ pathname, me }: { pathname: string; me: ConsoleMe }) {
  const path = pathname.replace(/\/+$/, '');
  if (roleAllows(me.role, 'platform'))
    return path === consolePaths.channels ? <NewChannelPage /> : <ConsoleOverview me={me} />;
  if (path === consolePaths.branding) return <BrandingPage me={me} />;
  if (path === consolePaths.audit) return <AuditPage />;
  if (path === consolePaths.catalogue) return <CataloguePage me={me} />;
  if (path === consolePaths.content) return <ContentPage me={me} />;
  if (path === consolePaths.staff) return <StaffPage me={me} />;
  if (path === consolePaths.schedule || path.startsWith(`${consolePaths.schedule}/`)) {
    const page = schedulePageOf(path.slice(consolePaths.schedule.length));
    const canWrite = roleAllows(me.role, 'write');
    if (page?.kind === 'game') return <GamePage id={page.id} me={me} />;
    if (page?.kind === 'new' && canWrite) return <NewGamePage />;
    if (page?.kind === 'import' && canWrite) return <GamesImportPage />;
    return <SchedulePage me={me} />;
  }
  return <ConsoleOverview me={me} />;
}

/** The console's first page: what the signed-in role may do. */
function ConsoleOverview({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('console');
  return (
    <section className={styles.section} aria-labelledby="console-overview">
      <h2 id="console-overview">{t('console.overview')}</h2>
      <p>{t('console.overviewIntro')}</p>
      <h3>{t('console.permissions')}</h3>
      <ul>
        {me.permissions.map((permission) => (
          <li key={permission}>{t(`console.permissionNames.${permission}`)}</li>
        ))}
      </ul>
    </section>
  );
}
