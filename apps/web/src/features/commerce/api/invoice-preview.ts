import type { InvoicePreviewBody } from '@sideline/contract/commerce';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSION_SCOPE } from '@/lib/query-client';

/** `POST stripe/invoice-preview`: what the checkout charges, computed by the server (the client never prices). */
export const getInvoicePreview = async (body: InvoicePreviewBody) =>
  (await api.post('/stripe/invoice-preview', { body })).data;

export const invoicePreviewQueryOptions = (body: InvoicePreviewBody) =>
  queryOptions({
    queryKey: [SESSION_SCOPE, 'commerce', 'invoice-preview', body] as const,
    queryFn: () => getInvoicePreview(body),
    // A coupon applied re-asks: the old summary stays on screen meanwhile.
    placeholderData: keepPreviousData,
  });

export const useInvoicePreview = (body: InvoicePreviewBody | null) =>
  useQuery({ ...invoicePreviewQueryOptions(body ?? {}), enabled: body !== null });
