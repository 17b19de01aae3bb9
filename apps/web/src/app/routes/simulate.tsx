import { ComingSoon } from './coming-soon';

export const SimulateView = () => <ComingSoon view="simulate" />;
