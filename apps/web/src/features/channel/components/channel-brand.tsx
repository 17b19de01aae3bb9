import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSettings } from '../api/get-settings';
import styles from './site-header.module.css';

/** The channel's logo and name, linking home. */
export function ChannelBrand() {
  const settings = useSettings();
  return (
    <Link to={paths.home.href()} className={styles.brand}>
      {settings.logo && <img src={settings.logo} alt="" width={40} height={40} className={styles.logo} />}
      <span className={styles.name}>{settings.name}</span>
    </Link>
  );
}
