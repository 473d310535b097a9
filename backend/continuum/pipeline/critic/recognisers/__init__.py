"""Recognisers the checks share: forms of prose a draft can state a claim in, each class of
author slip in its own module (years for canon, who a pronoun subject may be, secret identities
and the forms that give one away). They find candidate claims; the checks in `checks/` decide."""
