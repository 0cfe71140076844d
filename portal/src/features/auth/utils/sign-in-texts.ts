/**
 * Texts of the sign-in screens that no setting holds yet. Each names the key it should become
 * (the lead adds them to the settings schema; until then they are the same for every institution).
 */
export const SIGN_IN_TEXTS = {
  /** loginTexts.usernameLabel */
  usernameLabel: 'Username',
  /** loginTexts.passwordLabel */
  passwordLabel: 'Password',
  /** loginTexts.signInButtonText */
  signInButton: 'Sign In',
  /** postLoginTexts.continueButtonText */
  continueButton: 'Continue',
  /** securityCodeTexts.headingText */
  securityCodeHeading: 'Security Code',
  /** securityCodeTexts.codeLabel */
  securityCodeLabel: 'Security Code',
  /** postLoginTexts.ssnHeadingText */
  ssnHeading: 'Verify Your Identity',
  /** postLoginTexts.ssnInstructionsText */
  ssnInstructions: 'Please enter your Social Security Number to confirm your identity.',
  /** postLoginTexts.ssnLabel */
  ssnLabel: 'Social Security Number',
  /** postLoginTexts.changePasswordHeadingText */
  changePasswordHeading: 'Change Your Password',
  /** postLoginTexts.changePasswordInstructionsText */
  changePasswordInstructions: 'You must change your password before you continue.',
  /** postLoginTexts.newPasswordLabel */
  newPasswordLabel: 'New Password',
  /** postLoginTexts.confirmPasswordLabel */
  confirmPasswordLabel: 'Confirm New Password',
  /** postLoginTexts.secretQuestionHeadingText */
  secretQuestionHeading: 'Set Up a Secret Question',
  /** postLoginTexts.secretQuestionInstructionsText */
  secretQuestionInstructions:
    'Choose a secret question and answer. We will ask it if you need to recover your password.',
  /** postLoginTexts.secretQuestionLabel */
  secretQuestionLabel: 'Secret Question',
  /** postLoginTexts.customQuestionLabel */
  customQuestionLabel: 'Security Question',
  /** postLoginTexts.secretAnswerLabel */
  secretAnswerLabel: 'Secret Answer',
  /** postLoginTexts.customQuestionInvalidText */
  customQuestionInvalidText: 'Security Question Contains Invalid Characters.',
  /** postLoginTexts.agreementsHeadingText */
  agreementsHeading: 'Agreements',
  /** postLoginTexts.agreementsInstructionsText */
  agreementsInstructions: 'Please read and accept the following before you continue.',
} as const;
