import { CopyOutlined } from '@ant-design/icons';
import { PUBLIC_SLUG_MAX, publicationInputSchema, type Publication } from '@medcalc/domain';
import { App, Button, Input, Space, Typography } from 'antd';

import { SwitchField } from '@/components/ui/choice-fields';
import { BlockCard, BlockSaveButton } from '@/components/ui/block-card';
import { Form, FormField } from '@/components/ui/form';
import { companyQueryBlock, type CompanyEditorProps } from '@/components/ui/query-block';
import { useMemberCan } from '@/hooks/use-member-can';
import { useBlockForm } from '@/hooks/use-block-form';

import { usePublication } from '../api/get-publication';
import { useUpdatePublication } from '../api/update-publication';

type PublicationValues = { published: boolean; slug: string };

/**
 * Issue 36: the /company block «Публічний прейскурант» — the owner's switch and the public address (suggested from
 * the institution's name), then the links to the page, its open data and the poster, and the snippet that embeds
 * the list in the institution's website.
 */
export const PublicPriceListCard = companyQueryBlock(usePublication, PublicationEditor, {
  label: 'Публічний прейскурант: завантаження…',
  rows: 2,
});

function PublicationEditor({ companyIdentifier, initial }: CompanyEditorProps<Publication>) {
  const canPublish = useMemberCan('members');
  const save = useUpdatePublication();
  const { control, onSubmit } = useBlockForm<PublicationValues, PublicationValues, Publication>({
    companyIdentifier,
    schema: publicationInputSchema,
    initial,
    valuesOf: (data) => ({ published: data.published, slug: data.slug ?? data.suggestedSlug }),
    save,
    fields: ['published', 'slug'],
    unsavedMessage: 'Налаштування публічного прейскуранта не збережено.',
  });
  const origin = window.location.origin;
  return (
    <BlockCard title="Публічний прейскурант">
      <Typography.Paragraph>
        Пацієнти бачать затверджені тарифи за адресою закладу без входу в систему; перелік
        оновлюється сам після кожного затвердження.
      </Typography.Paragraph>
      <Form onSubmit={onSubmit} aria-label="Публічний прейскурант">
        <SwitchField
          control={control}
          name="published"
          label="Публікувати прейскурант"
          id="public-published"
          disabled={!canPublish}
        />
        <FormField
          control={control}
          name="slug"
          label="Адреса сторінки (латинські літери, цифри, дефіси)"
          id="public-slug"
          render={(field) => (
            <Input
              {...field}
              addonBefore={`${origin}/p/`}
              maxLength={PUBLIC_SLUG_MAX}
              autoComplete="off"
              disabled={!canPublish}
            />
          )}
        />
        {initial.formerSlugs.length > 0 ? (
          <Typography.Paragraph type="secondary">
            Попередні адреси ведуть на поточну: {initial.formerSlugs.join(', ')}
          </Typography.Paragraph>
        ) : null}
        <BlockSaveButton
          canSave={canPublish}
          isPending={save.isPending}
          refusal="Публікацію вмикає керівник облікового запису."
        >
          Зберегти публікацію
        </BlockSaveButton>
      </Form>
      {initial.published && initial.slug ? (
        <PublishedLinks url={`${origin}/p/${initial.slug}`} />
      ) : null}
    </BlockCard>
  );
}

/** The published list's links and the snippet for the institution's website. */
function PublishedLinks({ url }: { url: string }) {
  const { message } = App.useApp();
  const snippet = `<iframe src="${url}/embed" title="Прейскурант платних послуг" width="100%" height="600" style="border:0" loading="lazy"></iframe>`;
  const copy = () =>
    void navigator.clipboard
      .writeText(snippet)
      .then(() => message.success('Код скопійовано.'))
      .catch(() => message.error('Не вдалося скопіювати: виділіть код і скопіюйте вручну.'));
  return (
    <div style={{ marginTop: 24 }}>
      <Space wrap>
        <a href={url} target="_blank" rel="noreferrer">
          Відкрити сторінку
        </a>
        <a href={`${url}/poster.pdf`} target="_blank" rel="noreferrer">
          Плакат з QR-кодом (PDF, A4)
        </a>
        <a href={`${url}.json`} target="_blank" rel="noreferrer">
          Відкриті дані JSON
        </a>
        <a href={`${url}.csv`}>Відкриті дані CSV</a>
      </Space>
      <label htmlFor="public-embed" style={{ display: 'block', marginTop: 16, fontWeight: 600 }}>
        Код для сайту закладу
      </label>
      <Input.TextArea id="public-embed" value={snippet} readOnly autoSize={{ minRows: 2 }} />
      <Button icon={<CopyOutlined />} onClick={copy} style={{ marginTop: 8 }}>
        Копіювати код
      </Button>
    </div>
  );
}
