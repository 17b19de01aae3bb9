import { setupIntentSchema } from '@sideline/contract/commerce';
import { postData } from './call';

/** `POST stripe/setup-intent`: which card provider runs here, its publishable key and a setup intent's secret. */
export const createSetupIntent = () => postData('/stripe/setup-intent', setupIntentSchema);
