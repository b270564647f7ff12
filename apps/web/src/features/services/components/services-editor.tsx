import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Service, ServiceBody } from '@maya/contracts';
import { SERVICE_LIMITS } from '@maya/contracts/service-units';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../components/field-errors';
import { useDeleteService } from '../api/delete-service';
import { useOwnServices } from '../api/get-own-services';
import { useOrderServices } from '../api/order-services';
import { useSaveService } from '../api/save-service';
import { priceText } from '../utils/price-text';
import { ServiceForm } from './service-form';

/**
 * A business's services on /account: the list in its order (moved up or down, edited in place,
 * deleted) and the form that adds one at the end.
 */
export function ServicesEditor() {
  const { t } = useTranslation('services');
  // Prices and units are the interface's words, used on cards and profiles too.
  const { t: words, i18n } = useTranslation();
  const services = useOwnServices();
  const save = useSaveService();
  const remove = useDeleteService();
  const order = useOrderServices();
  const [editing, setEditing] = useState<string | null>(null);

  if (services.isPending) return <Skeleton variant="rounded" height={200} />;
  if (services.isError) return <Alert severity="error">{services.error.message}</Alert>;
  const items = services.data.items;
  const full = items.length >= SERVICE_LIMITS.perBusiness;

  const submit = (body: ServiceBody, service?: Service) =>
    save.mutateAsync({ id: service?.id, body }).then(
      () => {
        toast.success(service ? t('saved') : t('added'));
        setEditing(null);
      },
      (error: unknown) => {
        toast.error(errorMessage(error, words('errors.unexpected')));
        throw error;
      },
    );
  const move = (index: number, by: -1 | 1) => {
    const ids = items.map((item) => item.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    order.mutate(ids, {
      onSuccess: () => toast.success(t('ordered')),
      onError: (error) => toast.error(error.message),
    });
  };

  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">{t('intro')}</Typography>
      {items.length === 0 ? (
        <Typography>{t('empty')}</Typography>
      ) : (
        <Box
          component="ol"
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          aria-label={words('services.title')}
        >
          {items.map((service, index) => (
            <Box
              component="li"
              key={service.id}
              sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}
            >
              {editing === service.id ? (
                <ServiceForm
                  service={service}
                  defaultCurrency={service.currency}
                  submitLabel={t('save')}
                  pending={save.isPending}
                  onSubmit={(body) => submit(body, service)}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }}>{service.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {priceText(words, i18n.language, service)}
                    </Typography>
                  </Box>
                  <Box sx={{ display: 'flex' }}>
                    <IconButton
                      aria-label={t('moveUp', { name: service.name })}
                      disabled={index === 0 || order.isPending}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={t('moveDown', { name: service.name })}
                      disabled={index === items.length - 1 || order.isPending}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDownwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={t('edit', { name: service.name })}
                      onClick={() => setEditing(service.id)}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={t('delete', { name: service.name })}
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(service.id, {
                          onSuccess: () => toast.success(t('deleted')),
                          onError: (error) => toast.error(error.message),
                        })
                      }
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Box>
                </Box>
              )}
            </Box>
          ))}
        </Box>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('count', { count: items.length, limit: SERVICE_LIMITS.perBusiness })}
      </Typography>
      {full ? (
        <Alert severity="info">{t('full', { limit: SERVICE_LIMITS.perBusiness })}</Alert>
      ) : (
        <Box component="section" aria-labelledby="add-service-title">
          <Typography id="add-service-title" component="h3" variant="h6" sx={{ mb: 2 }}>
            {t('addTitle')}
          </Typography>
          <ServiceForm
            defaultCurrency={items[0]?.currency ?? 'EUR'}
            submitLabel={t('add')}
            pending={save.isPending}
            onSubmit={(body) => submit(body)}
          />
        </Box>
      )}
    </Stack>
  );
}
