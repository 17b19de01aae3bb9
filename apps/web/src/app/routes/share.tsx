import { ComingSoon } from './coming-soon';

export const ShareView = () => <ComingSoon view="share" />;
