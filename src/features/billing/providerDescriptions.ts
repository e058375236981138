import { t } from '@lingui/core/macro';
import type { PaymentProvider } from '../../api/contract';

/**
 * What each provider takes, in a line under its name in the picker: the names alone do not tell a buyer which one
 * pays with a card, with crypto or with a Russian card.
 */
export function providerDescription(provider: PaymentProvider): string {
  switch (provider) {
    case 'paypal':
      return t`Your PayPal balance or a card in your PayPal account. Can be saved for later purchases.`;
    case 'creem':
      return t`Credit or debit card (Visa, Mastercard, American Express), Apple Pay or Google Pay.`;
    case 'nowpayments':
      return t`Cryptocurrency: Bitcoin, Ethereum, USDT and many other coins.`;
    case 'wechat':
      return t`WeChat Pay: scan a QR code with the WeChat app on your phone.`;
    case 'freekassa':
      return t`Russian bank cards (Mir, Visa, Mastercard), SBP fast payments and other methods used in Russia.`;
    case 'digiseller':
      return t`Bank cards of Russia and the CIS, SBP, WebMoney and other regional methods.`;
  }
}
