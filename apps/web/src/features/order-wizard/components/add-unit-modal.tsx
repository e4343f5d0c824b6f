import {
  MAX_MEASUREMENT_NAME_LENGTH,
  measurementInputSchema,
  type Measurement,
  type MeasurementInput,
} from '@medcalc/domain';
import { Modal } from 'antd';

import { Form, FormActions, nameField, TextFields } from '@/components/ui/form';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { applyServerErrors } from '@/lib/form-errors';

import { useCreateMeasurement } from '@/lib/queries/create-measurement';

/**
 * The add-unit modal of the wizard (spec §2 "Generic dropdown": "a modal for adding a measurement unit exists in
 * the wizard area"): `POST /api/company/{companyIdentifier}/measurements` {name}. The new unit is the company's
 * own; `onCreated` gets it so the row it was opened from can take it at once.
 */
export function AddUnitModal({
  open,
  companyIdentifier,
  onClose,
  onCreated,
}: {
  open: boolean;
  companyIdentifier: string;
  onClose: () => void;
  onCreated: (unit: Measurement) => void;
}) {
  return (
    <Modal open={open} title="Нова одиниця виміру" footer={null} onCancel={onClose} destroyOnHidden>
      <AddUnitForm companyIdentifier={companyIdentifier} onClose={onClose} onCreated={onCreated} />
    </Modal>
  );
}

function AddUnitForm({
  companyIdentifier,
  onClose,
  onCreated,
}: {
  companyIdentifier: string;
  onClose: () => void;
  onCreated: (unit: Measurement) => void;
}) {
  const create = useCreateMeasurement();
  const { control, handleSubmit, setError } = useSchemaForm(
    measurementInputSchema,
    { name: '' },
    {
      unsavedMessage:
        'Нову одиницю виміру не додано. Якщо піти зі сторінки, введене буде втрачено.',
    },
  );

  const onValid = (input: MeasurementInput) =>
    create.mutate(
      { companyIdentifier, input },
      {
        onSuccess: ({ data }) => {
          onCreated(data);
          onClose();
        },
        onError: (error) => applyServerErrors(error, setError, ['name']),
      },
    );

  return (
    <Form
      aria-label="Нова одиниця виміру"
      onSubmit={(event) => {
        // The modal sits inside the wizard's page: its submit must not reach any outer form.
        event.stopPropagation();
        void handleSubmit(onValid)(event);
      }}
    >
      <TextFields
        control={control}
        fields={[
          nameField(
            'name',
            'wizard-new-unit-name',
            'Назва одиниці виміру',
            MAX_MEASUREMENT_NAME_LENGTH,
          ),
        ]}
      />
      <FormActions submitText="Додати" isPending={create.isPending} onCancel={onClose} />
    </Form>
  );
}
