export { FormTextField, FormPasswordField, FormDateField } from './form-text-field';
export { FormSelectField, NativeSelectField, type ChoiceOption } from './form-select-field';
export { FormRadioGroup, FormCheckbox } from './form-choice-fields';
export { FormCurrencyField, usdAmount } from './form-currency-field';
export { ControlledMaskedInput as FormMaskedField } from '../masked-input/controlled-masked-input';
export { FormNewPasswordField } from './form-new-password-field';
