import { CS_INCISIONS, CS_TYPES } from '@pnss/libs/enums';
import { CodeField, TextField, YesNoField } from '../fields/case-fields.js';
import { IndicationsField, MannerField } from './delivery-fields.js';
import { When } from './section-frame.js';

/** The fields of one delivery, the first twin's and the second's (SPEC.md §2 Delivery), by their paths. */
const DELIVERIES = {
  first: {
    manner: 'deliveryManner', primaryRepeat: 'primaryRepeat', incision: 'incision', salpingectomy: 'CSBilateralSalpingectomy', btl: 'CSBTL',
    indication: 'deliveryIndication', indicationOthers: 'deliveryIndicationOthers',
  },
  second: {
    manner: 'deliveryManner2', primaryRepeat: 'primaryRepeat2', incision: 'incision2', salpingectomy: 'CSBilateralSalpingectomy2', btl: 'CSBTL2',
    indication: 'deliveryIndication2', indicationOthers: 'deliveryIndicationOthers2',
  },
} as const;

/**
 * The manner of one delivery and what it asks next: a caesarean's type, incision, salpingectomy
 * and tubal ligation; the indications the manner allows; the other indication's text. Each field
 * shows as the libs visibility rules say.
 */
export function MannerOfDeliveryFields({ twin }: { twin: keyof typeof DELIVERIES }) {
  const d = DELIVERIES[twin];
  return (
    <>
      <When field={d.manner}>
        <MannerField path={d.manner} />
      </When>
      <When field={d.primaryRepeat}>
        <CodeField path={d.primaryRepeat} table={CS_TYPES} control="radio" />
        <CodeField path={d.incision} table={CS_INCISIONS} control="radio" />
        <YesNoField path={d.salpingectomy} />
        <YesNoField path={d.btl} />
      </When>
      <When field={d.indication}>
        <IndicationsField path={d.indication} mannerPath={d.manner} />
      </When>
      <When field={d.indicationOthers}>
        <TextField path={d.indicationOthers} wide />
      </When>
    </>
  );
}
