import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateOperatorBody,
  Operator,
  OperatorEnrolment,
  UpdateOperatorBody,
} from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { operatorKeys } from './operator-keys';

export const useOperators = () =>
  useQuery({
    queryKey: operatorKeys.list(),
    queryFn: async () => (await apiCall<{ operators: Operator[] }>('/admin/operators')).operators,
  });

export const createOperator = (body: CreateOperatorBody) =>
  apiCall<OperatorEnrolment>('/admin/operators', { method: 'POST', body });

export const updateOperator = (id: string, body: UpdateOperatorBody) =>
  apiCall<Operator>(`/admin/operators/${id}`, { method: 'PATCH', body });

/** Refreshes the list (and the audit log, which gained a row) after a change. */
export function useOperatorsChanged() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: operatorKeys.list() });
    void client.invalidateQueries({ queryKey: operatorKeys.audit() });
  };
}

export const useCreateOperator = () => useMutation({ mutationFn: createOperator });
