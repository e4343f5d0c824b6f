import type { Pill } from '@medcalc/domain';
import { Select, Spin, Tabs } from 'antd';
import { useState } from 'react';

/** The two tabs of the material dropdown (spec §2 step 3): the provider's templates and the company's own. */
type MaterialTab = 'template' | 'own';

const isTemplate = (pill: Pill) => pill.companyIdentifier === null;

/**
 * Step 3's searchable material dropdown with two tabs, 'Шаблонні' and 'Власні' (spec §2 step 3, "Generic
 * dropdown": a search box and 'Опції не знайдено'). `onChoose` gets only a material of the loaded list (spec §5:
 * "a material line can be set only if the company's materials list is loaded and contains the id").
 */
export function MaterialSelect({
  id,
  value,
  pills,
  isLoading,
  isPhone,
  onChoose,
  ...aria
}: {
  id: string;
  /** The line's material: its id and name (a name alone for a material the lists no longer have). */
  value: { id: number | null; name: string };
  pills: readonly Pill[] | undefined;
  isLoading: boolean;
  /** A phone: the list is as wide as the field (a wider one would open past the screen's left edge). */
  isPhone: boolean;
  onChoose: (pill: Pill) => void;
  status: 'error' | undefined;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}) {
  const chosen = value.id === null ? undefined : pills?.find((pill) => pill.id === value.id);
  // A line with one of the company's own materials opens on the own tab.
  const [tab, setTab] = useState<MaterialTab>(
    chosen !== undefined && !isTemplate(chosen) ? 'own' : 'template',
  );

  const options = (pills ?? [])
    .filter((pill) => (tab === 'template' ? isTemplate(pill) : !isTemplate(pill)))
    .map((pill) => ({ value: pill.id, label: pill.name }));

  const shown =
    value.id !== null || value.name !== ''
      ? { value: value.id ?? -1, label: value.name || String(value.id) }
      : undefined;

  return (
    <Select<{ value: number; label: string }>
      {...aria}
      id={id}
      labelInValue
      value={shown}
      options={options}
      onChange={(option) => {
        const pill = pills?.find((candidate) => candidate.id === option?.value);
        if (pill !== undefined) onChoose(pill);
      }}
      placeholder="Оберіть матеріал"
      showSearch={{ optionFilterProp: 'label' }}
      loading={isLoading}
      notFoundContent={isLoading ? <Spin size="small" /> : 'Опції не знайдено'}
      listHeight={350}
      popupMatchSelectWidth={isPhone}
      // Long names wrap instead of being cut off.
      optionRender={(option) => <span style={{ whiteSpace: 'normal' }}>{option.label}</span>}
      style={{ width: '100%' }}
      popupRender={(menu) => (
        <>
          {/* Keeps the focus in the search box, so a tab click neither closes the list nor clears it. */}
          <div onMouseDown={(event) => event.preventDefault()} style={{ padding: '0 8px' }}>
            <Tabs
              size="small"
              activeKey={tab}
              onChange={(key) => setTab(key as MaterialTab)}
              items={[
                { key: 'template', label: 'Шаблонні' },
                { key: 'own', label: 'Власні' },
              ]}
            />
          </div>
          {menu}
        </>
      )}
    />
  );
}
