"""The trades and offices a person is said to follow: "the clergyman", "a blacksmith by
trade", "Mr. Collins, the rector"."""

from __future__ import annotations

from continuum.language.lexicon import words

OCCUPATIONS = words(
    """clergyman rector vicar curate parson priest minister chaplain doctor surgeon physician
    apothecary lawyer attorney solicitor barrister judge magistrate blacksmith smith innkeeper
    landlord publican sailor seaman mariner captain cook servant maid butler housekeeper
    governess tutor teacher schoolmaster schoolmistress merchant tradesman shopkeeper farmer
    soldier officer clerk banker baker butcher carpenter tailor coachman gardener steward
    pirate buccaneer squire milliner shepherd fisherman miner boatswain quartermaster coxswain
    gamekeeper bishop footman valet groom midshipman lieutenant colonel general admiral
    sergeant constable policeman detective inspector banker architect engineer artist painter
    poet writer author musician actor actress nurse midwife washerwoman laundress weaver
    miller mason cobbler shoemaker hatter saddler potter draper grocer chemist"""
)

# Words for one trade, as a person, a gerund or the place it is kept ("kept school"): the
# family's name first. "Teaching was her living" and "she kept school" make a teacher; the
# critic takes "dressmaker" and "seamstress" as one trade.
TRADE_FAMILIES = {
    "teacher": "teacher teaching schoolteacher schoolteaching schoolmistress schoolmaster governess "
               "tutor tutoring school schooling usher",
    "seamstress": "seamstress sempstress dressmaker dressmaking needlewoman needlework sewing stitching "
                  "tailor tailoring milliner millinery mantua-maker",
    "smith": "blacksmith smith smithing farrier ironwork smithy forge",
    "innkeeper": "innkeeper innkeeping landlady landlord publican inn tavern alehouse hostess taverner",
    "mapmaker": "mapmaker mapmaking cartographer cartography chartmaker surveyor surveying",
    "keeper": "lighthouse lightkeeper lamplighter light",
    "clerk": "clerk clerking copyist scrivener copying",
    "treasurer": "treasurer bursar",
    "fisher": "fisherman fishing fisher fishwife",
    "doctor": "doctor doctoring physician surgeon",
    "parson": "parson vicar rector curate clergyman minister preaching priest chaplain",
    "farmer": "farmer farming husbandry",
    "baker": "baker baking bakery",
    "weaver": "weaver weaving",
    "spinner": "spinner spinning",
    "miller": "miller milling mill",
    "nurse": "nurse nursing midwife midwifery",
    "captain": "captain",
    "shopkeeper": "shopkeeper shopkeeping shop grocer draper chandler",
    "laundress": "washerwoman laundress washing laundering",
    "cook": "cook cooking",
    "carpenter": "carpenter carpentry joiner joinery",
    "shoemaker": "shoemaker shoemaking cobbler cobbling",
    "sailor": "sailor seaman mariner seafaring",
    "carter": "carter carrier carting haulage",
    "lawyer": "lawyer attorney solicitor barrister",
    "harbourmaster": "harbourmaster harbour-master",
}
TRADE_FAMILY = {word: family for family, words in TRADE_FAMILIES.items() for word in words.split()}
# The places a trade is kept, which name no person: "kept a shop", not "the shop, Tom,".
TRADE_PLACES = words("light school inn mill shop forge smithy tavern alehouse bakery")
