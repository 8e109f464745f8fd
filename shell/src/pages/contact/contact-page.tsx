import { Card, Descriptions, Typography } from 'antd';
import type { ContactDetails, ShellConfig } from '../../config/shell-config.js';

interface ContactPageProps {
  config: ShellConfig;
  title: string;
  purpose: string;
  contact: ContactDetails;
}

function ContactPage({ config, title, purpose, contact }: ContactPageProps) {
  const items = [
    {
      key: 'society',
      label: 'Society',
      children: config.societyName,
    },
    {
      key: 'website',
      label: 'Website',
      children: (
        <a href={config.societyUrl} target="_blank" rel="noopener noreferrer">
          {config.societyUrl}
        </a>
      ),
    },
    ...(contact.email
      ? [{ key: 'email', label: 'Email', children: <a href={`mailto:${contact.email}`}>{contact.email}</a> }]
      : []),
    ...(contact.phone ? [{ key: 'phone', label: 'Phone', children: <a href={`tel:${contact.phone}`}>{contact.phone}</a> }] : []),
  ];
  return (
    <section aria-labelledby="contact-title" className="pnss-page">
      <Typography.Title level={2} id="contact-title">
        {title}
      </Typography.Title>
      <Card>
        <Typography.Paragraph>{purpose}</Typography.Paragraph>
        <Descriptions column={1} bordered size="small" items={items} />
      </Card>
    </section>
  );
}

/** SPEC.md §2: Census Questions (contact-pogs-pnss). */
export function CensusQuestionsPage({ config }: { config: ShellConfig }) {
  return (
    <ContactPage
      config={config}
      title="Census Questions"
      purpose="Questions about the census itself (what a field means, which cases to include, submission periods) go to the society's census team."
      contact={config.census}
    />
  );
}

/** SPEC.md §2: Technical Support (contact-pogs-pnss-{product}). */
export function TechnicalSupportPage({ config }: { config: ShellConfig }) {
  return (
    <ContactPage
      config={config}
      title="Technical Support"
      purpose="For problems with PNSS itself (signing in, a screen that will not load, a package that will not build or submit), contact the society's technical support."
      contact={config.support}
    />
  );
}
