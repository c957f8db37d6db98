import type { FormInstance } from 'antd';

/**
 * A dialog's Ok: hands the form's values on once they pass validation; a failed validation shows
 * on the fields and goes no further.
 */
export function submitWhenValid<T>(form: FormInstance<T>, onValid: (values: T) => void): void {
  void form
    .validateFields()
    .then(onValid)
    .catch(() => undefined);
}
