/* SPDX-License-Identifier: Apache-2.0 */
/* test_cli_args.c — the command-line parser: good input parses, bad input is a usage
 * error (exit status 2) with a message naming the problem. */
#include <stdio.h>
#include <string.h>

#include "common/suggest.h"
#include "harness/options.h"
#include "unit.h"

static int parse(gc_cli_args *a, char *err, int argc, char **argv) {
    return gc_parse_args(argc, argv, a, err, 512);
}

#define ARGV(...) ((char *[]){"gpucheck", __VA_ARGS__, NULL})
#define ARGC(...) ((int)(sizeof((char *[]){"gpucheck", __VA_ARGS__}) / sizeof(char *)))
#define PARSE(...) parse(&a, err, ARGC(__VA_ARGS__), ARGV(__VA_ARGS__))

/* Every option a command accepts is named in that command's --help (or, for the
 * options of every command, in the general one). */
static void help_lists_every_accepted_option(void) {
    static const char *const cmds[] = {"devices", "info", "list", "run", "bench"};
    static const gc_command ids[] = {GC_CMD_DEVICES, GC_CMD_INFO, GC_CMD_LIST, GC_CMD_RUN, GC_CMD_BENCH};
    static const char *const opts[] = {"--device",  "--filter",       "--seed",    "--canary",  "--scale",
                                       "--timeout", "--time-budget",  "--samples", "--warmup",  "--json",
                                       "--junit",   "--csv",          "--tap",     "--no-fork", "--no-cache",
                                       "-v",        "--exclude",      "--tag",     "--repeat",  "-x",
                                       "--fail-fast", "--rerun-failed", "--param", "--params",
                                       "--serial-devices", "--color", "-q", "--quiet"};
    char general[4096] = "", help[8192] = "";
    FILE *f = fmemopen(general, sizeof general - 1, "w");
    gc_print_help(f, GC_CMD_NONE, 1);
    fclose(f);
    CHECK(strstr(general, "--version") && strstr(general, "-v"));
    for (size_t c = 0; c < sizeof cmds / sizeof cmds[0]; c++) {
        memset(help, 0, sizeof help);
        f = fmemopen(help, sizeof help - 1, "w");
        gc_print_help(f, ids[c], 1);
        fclose(f);
        for (size_t o = 0; o < sizeof opts / sizeof opts[0]; o++) {
            gc_cli_args a;
            char err[512], *argv[] = {"gpucheck", (char *)cmds[c], (char *)opts[o], "1", NULL};
            /* with a value first; a flag that takes none is tried alone */
            int accepted = gc_parse_args(4, argv, &a, err, sizeof err) == 0 ||
                           gc_parse_args(3, argv, &a, err, sizeof err) == 0;
            if (accepted && !strstr(help, opts[o]))
                CHECKF(0, "'%s %s' is accepted but '%s --help' does not name it", cmds[c], opts[o], cmds[c]);
        }
    }
}

int main(void) {
    gc_cli_args a;
    char err[512];

    CHECK(PARSE("run") == 0 && a.command == GC_CMD_RUN && a.run.seed == 1 && a.run.canary == 0xAA);
    CHECK(PARSE("run", "--seed", "42", "--filter", "device.*", "--canary", "0x55") == 0);
    CHECK(a.run.seed == 42 && strcmp(a.run.filter, "device.*") == 0 && a.run.canary == 0x55);
    CHECK(PARSE("bench", "--samples=50", "--warmup", "0", "--csv", "out.csv") == 0);
    CHECK(a.run.samples == 50 && a.run.warmup == 0 && strcmp(a.report_path[2], "out.csv") == 0);
    CHECK(PARSE("info", "--json") == 0 && a.json_stdout == 1);
    CHECK(PARSE("run", "--json", "r.json", "--junit", "r.xml", "--tap") == 0 && a.tap &&
          strcmp(a.report_path[0], "r.json") == 0);
    CHECK(PARSE("run", "--timeout", "2.5", "--time-budget", "60") == 0 && a.run.timeout_s == 2.5);
    CHECK(PARSE("devices", "--help") == 0 && a.help);

    /* Errors: each must be a usage error with a message. */
    CHECK(PARSE("frobnicate") == 2 && strstr(err, "unknown command"));
    CHECK(PARSE("run", "--bogus") == 2 && strstr(err, "unknown option"));
    CHECK(PARSE("run", "--seed") == 2 && strstr(err, "needs a value"));
    CHECK(PARSE("run", "--seed", "-1") == 2 && strstr(err, "--seed"));
    CHECK(PARSE("run", "--seed", "12abc") == 2);
    CHECK(PARSE("run", "--canary", "256") == 2 && strstr(err, "--canary"));
    CHECK(PARSE("bench", "--samples", "0") == 2);
    CHECK(PARSE("run", "--timeout", "0") == 2);
    CHECK(PARSE("run", "--timeout", "nan") == 2);
    CHECK(PARSE("run", "--samples", "5") == 2 && strstr(err, "does not apply"));
    CHECK(PARSE("devices", "--filter", "x") == 2);
    CHECK(PARSE("run", "--tap=1") == 2 && strstr(err, "takes no value"));
    CHECK(PARSE("run", "--device", "") == 2);
    CHECK(gc_parse_args(1, ARGV("x"), &a, err, sizeof err) == 2 && strstr(err, "missing command"));

    /* Numbers are decimal or 0x-hexadecimal; a leading zero is refused (octal to C, ten to
     * most people), as are signs, junk and overflow. */
    CHECK(PARSE("run", "--seed", "010") == 2 && strstr(err, "leading zero"));
    CHECK(PARSE("run", "--seed", "10") == 0 && a.run.seed == 10);
    CHECK(PARSE("run", "--seed", "0x10") == 0 && a.run.seed == 16);
    CHECK(PARSE("run", "--seed", "0") == 0 && a.run.seed == 0);
    CHECK(PARSE("run", "--seed", "18446744073709551615") == 0 && a.run.seed == 18446744073709551615ull);
    CHECK(PARSE("run", "--seed", "18446744073709551616") == 2 && strstr(err, "too large"));
    CHECK(PARSE("run", "--canary", "0x") == 2);
    CHECK(PARSE("run", "--seed", "0x-1") == 2);
    CHECK(PARSE("run", "--seed=-1") == 2 && strstr(err, "negative"));
    CHECK(PARSE("run", "--seed", "1 ") == 2);
    CHECK(PARSE("bench", "--samples", "08") == 2 && strstr(err, "leading zero"));
    CHECK(PARSE("run", "--timeout", "010") == 2 && strstr(err, "leading zero"));
    CHECK(PARSE("run", "--timeout", "0.5") == 0 && a.run.timeout_s == 0.5);
    CHECK(PARSE("run", "--timeout", "inf") == 2);
    CHECK(PARSE("run", "--scale", "1e-3") == 0 && a.run.scale == 1e-3);

    /* Selection: comma lists with -PATTERN, repeatable --exclude and --tag. */
    CHECK(PARSE("run", "--filter", "a*,-b*", "--exclude", "c*", "--exclude=d*,e*", "--tag", "fence,-twin",
                "--tag", "x") == 0);
    CHECK(a.run.n_exclude == 2 && strcmp(a.run.exclude[1], "d*,e*") == 0 && a.run.n_tags == 2);
    CHECK(PARSE("run", "--filter", "a*,,b*") == 2 && strstr(err, "empty entry"));
    CHECK(PARSE("run", "--filter", "a*,") == 2 && strstr(err, "empty entry"));
    CHECK(PARSE("run", "--filter", "-") == 2 && strstr(err, "followed by"));
    CHECK(PARSE("run", "--exclude=-x") == 2);
    CHECK(PARSE("run", "--tag", "a,,b") == 2);
    CHECK(PARSE("list", "--tag", "mutant", "--exclude", "x") == 0);
    CHECK(PARSE("devices", "--tag", "x") == 2 && strstr(err, "does not apply"));
    CHECK(PARSE("run", "-x") == 0 && a.run.fail_fast == 1);
    CHECK(PARSE("bench", "--fail-fast") == 0 && a.run.fail_fast == 1);
    CHECK(PARSE("run") == 0 && a.run.fail_fast == 0 && a.run.repeat == 1 && a.run.serial_devices == 0);
    CHECK(PARSE("run", "--serial-devices") == 0 && a.run.serial_devices == 1);
    CHECK(PARSE("bench", "--serial-devices") == 0 && a.run.serial_devices == 1);
    CHECK(PARSE("run", "--serial-devices=1") == 2 && strstr(err, "takes no value"));
    CHECK(PARSE("list", "--serial-devices") == 2 && strstr(err, "does not apply"));
    CHECK(PARSE("run", "--repeat", "3") == 0 && a.run.repeat == 3);
    CHECK(PARSE("run", "--repeat", "0") == 2 && strstr(err, "--repeat"));
    CHECK(PARSE("run", "--repeat", "10001") == 2);
    CHECK(PARSE("run", "--repeat", "03") == 2 && strstr(err, "leading zero"));
    CHECK(PARSE("run", "--repeat", "2", "--repeat", "2") == 2 && strstr(err, "given twice"));
    CHECK(PARSE("run", "--rerun-failed", "old.json") == 0 && strcmp(a.run.rerun_failed, "old.json") == 0);
    CHECK(PARSE("info", "--rerun-failed", "old.json") == 2);

    /* --param SUITE.KEY=VALUE: repeatable, each key once, passed on to the test's process. */
    CHECK(PARSE("run", "--param", "atomic_fence.rounds=4", "--param=sub_group.size=0x20") == 0 &&
          a.run.n_params == 2 && strcmp(a.run.params[1], "sub_group.size=0x20") == 0);
    CHECK(PARSE("run", "--param", "atomic_fence.rounds=4", "--param", "atomic_fence.rounds=5") == 2 &&
          strstr(err, "given twice"));
    CHECK(PARSE("run", "--param", "rounds=4") == 2 && strstr(err, "SUITE.KEY=VALUE"));
    CHECK(PARSE("run", "--param", "atomic_fence.rounds") == 2);
    CHECK(PARSE("run", "--param", "atomic_fence.rounds=") == 2);
    CHECK(PARSE("run", "--param", ".rounds=1") == 2);
    CHECK(PARSE("run", "--param", "atomic_fence.=1") == 2);
    CHECK(PARSE("info", "--param", "a.b=1") == 2 && strstr(err, "does not apply"));
    CHECK(PARSE("list", "--params") == 0 && a.list_params);
    CHECK(PARSE("list", "--params", "--json") == 2 && strstr(err, "no other option"));
    CHECK(PARSE("run", "--params") == 2 && strstr(err, "does not apply"));
    {
        gc_child_argv_buf buf;
        gc_device_info dev;
        memset(&dev, 0, sizeof dev);
        snprintf(dev.id, sizeof dev.id, "opencl:0:0");
        snprintf(dev.name, sizeof dev.name, "-a device whose name looks like an option");
        CHECK(PARSE("run", "--param", "atomic_fence.rounds=4", "--param", "x.y=0x1") == 0);
        a.run.self_exe = "gpucheck";
        const char *const *av = gc_child_argv(&buf, &a.run, "atomic_fence.t", &dev, 10);
        int n = 0, rounds = 0, xy = 0;
        for (; av[n]; n++) {
            rounds |= n > 0 && !strcmp(av[n - 1], "--param") && !strcmp(av[n], "atomic_fence.rounds=4");
            xy |= n > 0 && !strcmp(av[n - 1], "--param") && !strcmp(av[n], "x.y=0x1");
        }
        CHECK(rounds && xy);
        /* The child's command line parses back into the same parameters. */
        gc_cli_args back;
        int rc = gc_parse_args(n, (char **)av, &back, err, sizeof err);
        if (rc) printf("child argv refused: %s\n", err);
        CHECK(rc == 0 && back.run.n_params == 2 &&
              !strcmp(back.run.params[0], "atomic_fence.rounds=4") &&
              !strcmp(back.child_device_name, dev.name));
    }
    /* SUITE and KEY are names: a parameter that starts with '-' would not read back in the
     * child's argv (the fuzzer's finding "run --param=-a.b=1"). */
    CHECK(PARSE("run", "--param=-a.b=1") == 2 && strstr(err, "--param needs SUITE.KEY=VALUE"));
    CHECK(PARSE("run", "--param", "a.b-c=1") == 2 && strstr(err, "--param needs SUITE.KEY=VALUE"));
    CHECK(PARSE("run", "--param", ".a.b=1") == 2);
    CHECK(PARSE("run", "--param", "a_1.B_2=-1") == 0);
    /* A value option given twice is an error, not "the last one wins". */
    CHECK(PARSE("run", "--device", "cuda:0", "--device=opencl:0:0") == 2 && strstr(err, "given twice"));
    CHECK(PARSE("run", "--seed", "1", "--seed", "1") == 2 && strstr(err, "given twice"));
    /* An option where a value should be is not taken as the value. */
    CHECK(PARSE("run", "--json", "--tap") == 2 && strstr(err, "looks like an option"));
    CHECK(PARSE("run", "--filter=-x") == 0 && strcmp(a.run.filter, "-x") == 0);
    CHECK(PARSE("run", "--json", "-") == 0 && strcmp(a.report_path[0], "-") == 0);
    CHECK(PARSE("run", "--seed", "--tap") == 2 && strstr(err, "option '--seed' needs a value, got '--tap'"));
    CHECK(PARSE("run", "--json") == 2 && strstr(err, "option '--json' needs a file ('-' for stdout)"));
    CHECK(PARSE("run", "--json=") == 2 && strstr(err, "option '--json' needs a non-empty value"));
    CHECK(PARSE("run", "--filter=") == 2 && strstr(err, "option '--filter' needs a non-empty value"));
    /* Stray words are named as such. */
    CHECK(PARSE("run", "extra") == 2 && strstr(err, "unexpected argument 'extra'"));
    /* At most one report on stdout, and none with --tap (which is on stdout). */
    CHECK(PARSE("run", "--json", "-", "--junit", "-") == 2 && strstr(err, "stdout"));
    CHECK(PARSE("bench", "--csv", "-", "--json", "r.json") == 0);
    CHECK(PARSE("run", "--tap", "--junit", "-") == 2 && strstr(err, "--tap"));
    /* help names a real command or none. */
    CHECK(PARSE("help", "run") == 0 && a.help && a.command == GC_CMD_RUN);
    CHECK(PARSE("help", "bogus") == 2 && strstr(err, "unknown command 'bogus'"));
    /* Reproduction lines name the program that ran. */
    CHECK(gc_parse_args(2, (char *[]){"./vector_scale", "run", NULL}, &a, err, sizeof err) == 0 &&
          strcmp(a.run.argv0, "./vector_scale") == 0);
    /* --color, -q, and short switches together (-xq is -x -q). */
    CHECK(PARSE("run") == 0 && a.color == GC_COLOR_AUTO && !a.quiet);
    CHECK(PARSE("run", "--color=never") == 0 && a.color == GC_COLOR_NEVER);
    CHECK(PARSE("bench", "--color", "always") == 0 && a.color == GC_COLOR_ALWAYS);
    CHECK(PARSE("run", "--color", "yes") == 2 && strstr(err, "auto, always or never"));
    CHECK(PARSE("list", "--color=never") == 2 && strstr(err, "does not apply"));
    CHECK(PARSE("run", "-q") == 0 && a.quiet && !a.run.verbose);
    CHECK(PARSE("run", "--quiet", "-v") == 2 && strstr(err, "opposite"));
    CHECK(PARSE("run", "-xq") == 0 && a.run.fail_fast && a.quiet);
    CHECK(PARSE("run", "-vx") == 0 && a.run.fail_fast && a.run.verbose);
    CHECK(PARSE("run", "-xz") == 2 && strstr(err, "unknown option '-xz'"));
    CHECK(PARSE("list", "-xv") == 2 && strstr(err, "does not apply"));
    CHECK(PARSE("run", "-x=1") == 2);
    /* Did you mean: a near miss is named, a far one is not, and never for an exact word. */
    CHECK(PARSE("run", "--filer", "a") == 2 && strstr(err, "did you mean '--filter'?"));
    CHECK(PARSE("bench", "--jsn", "r.json") == 2 && strstr(err, "did you mean '--json'?"));
    CHECK(PARSE("run", "--csv", "r.csv") == 2 && !strstr(err, "did you mean")); /* bench's, not run's */
    CHECK(PARSE("run", "--qwertyuiop") == 2 && !strstr(err, "did you mean"));
    CHECK(PARSE("bnech") == 2 && strstr(err, "did you mean 'bench'?"));
    {
        const char *words[] = {"--filter", "--fail-fast", "pthread", "PThread"};
        CHECK(gc_edit_distance("kitten", "sitting") == 3 && gc_edit_distance("ab", "ba") == 1);
        CHECK(gc_edit_distance("ABC", "abc") == 0);
        CHECK(gc_suggest("--filtr", words, 2) == words[0]);
        CHECK(gc_suggest("--filter", words, 2) == NULL); /* the word itself: nothing to suggest */
        CHECK(gc_suggest("pthred", words + 2, 1) == words[2]);
        CHECK(gc_suggest("pthred", words + 2, 2) == NULL); /* two as near: no guess */
        CHECK(gc_suggest("x", words, 2) == NULL);
    }
    help_lists_every_accepted_option();
    return UNIT_DONE();
}
