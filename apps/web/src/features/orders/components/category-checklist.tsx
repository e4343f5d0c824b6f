import { Alert, Button, Checkbox, Collapse, Empty, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';

export type ChecklistItem = {
  id: number;
  name: string;
  /** Secondary text under the name, e.g. the order an own calculation comes from. */
  detail?: string;
};

export type ChecklistGroup = {
  categoryId: number;
  categoryName: string;
  items: ChecklistItem[];
};

/**
 * One tab of the create-order page (spec §2): an accordion by category with a checkbox per item, a skeleton
 * while loading and a Ukrainian empty state. The parent decides what checking means.
 */
export function CategoryChecklist({
  groups,
  isLoading,
  isError,
  onRetry,
  loadingLabel,
  errorText,
  empty,
  isChecked,
  onToggle,
}: {
  groups: ChecklistGroup[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  loadingLabel: string;
  errorText: string;
  empty: ReactNode;
  isChecked: (id: number) => boolean;
  onToggle: (group: ChecklistGroup, item: ChecklistItem, checked: boolean) => void;
}) {
  if (isLoading) {
    return (
      <div role="status" aria-label={loadingLabel}>
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  }
  if (isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={errorText}
        action={
          <Button size="small" onClick={onRetry}>
            Спробувати ще раз
          </Button>
        }
      />
    );
  }
  const nonEmpty = (groups ?? []).filter((group) => group.items.length > 0);
  if (nonEmpty.length === 0) return <>{empty}</>;

  return (
    <Collapse
      items={nonEmpty.map((group) => {
        const chosen = group.items.filter((item) => isChecked(item.id)).length;
        return {
          key: String(group.categoryId),
          label: chosen > 0 ? `${group.categoryName} (обрано: ${chosen})` : group.categoryName,
          children: (
            <Flex vertical gap={8}>
              {group.items.map((item) => (
                <Checkbox
                  key={item.id}
                  checked={isChecked(item.id)}
                  onChange={(event) => onToggle(group, item, event.target.checked)}
                >
                  {item.detail === undefined ? (
                    item.name
                  ) : (
                    <Flex vertical>
                      <span>{item.name}</span>
                      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                        {item.detail}
                      </Typography.Text>
                    </Flex>
                  )}
                </Checkbox>
              ))}
            </Flex>
          ),
        };
      })}
    />
  );
}

/** An empty state with the spec's wording (spec §8 "Empty states"). */
export function ChecklistEmpty({ text }: { text: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}
