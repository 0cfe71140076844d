/**
 * Wording of the recovery screen the settings schema has no keys for (see the report): labels,
 * step headings and buttons. The messages and the heading are settings (recoveryTexts.*).
 */
export const RECOVERY_TEXTS = {
  identifyHeading: 'Find your account',
  identifyInstructions: 'Enter the details we have on file for you.',
  answerHeading: 'Reset your password',
  answerInstructions: 'Answer your secret question to receive an e-mail to reset your password.',
  noQuestionInstructions: 'Continue to receive an e-mail to reset your password.',
  successHeading: 'Check your e-mail',
  email: 'Email Address',
  dateOfBirth: 'Date of Birth',
  zipCode: 'Zip Code',
  branch: 'Branch Number',
  logonName: 'Login Name',
  secretQuestion: 'Secret Question',
  secretAnswer: 'Secret Answer',
  continue: 'Continue',
  submit: 'Submit',
} as const;
