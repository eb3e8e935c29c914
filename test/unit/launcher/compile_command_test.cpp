// Compiler command lines as GCC and Clang read them: which arguments are C++ sources
// (option values are not), whether a command compiles or links, the include
// directories, and the dependency file each form of -MD writes.
#include "compile_command.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace hotpath::launcher {
namespace {

std::vector<std::string> sources_of(const CompileCommand& command) {
  std::vector<std::string> sources;
  for (std::size_t index : command.cxx_sources) sources.push_back(command.arguments[index]);
  return sources;
}

TEST(CompileCommand, SourcesAreInputsWithACxxExtensionOrAfterXCxx) {
  const CompileCommand command = read_compile_command(
      {"-c", "-o", "out.cpp.o", "-I", "inc.cpp", "-DNAME=a.cpp", "src/a.cpp", "b.cc", "c.c", "-MF",
       "deps.cpp", "-x", "c++", "d.inl", "-x", "none", "e.inl", "f.C", "g.cxx"});
  EXPECT_EQ(sources_of(command),
            (std::vector<std::string>{"src/a.cpp", "b.cc", "d.inl", "f.C", "g.cxx"}));
  EXPECT_TRUE(command.compiles);
  EXPECT_FALSE(command.links);
}

TEST(CompileCommand, WhatACommandDoes) {
  EXPECT_FALSE(read_compile_command({"--version"}).compiles);
  EXPECT_FALSE(read_compile_command({"--version"}).links);
  EXPECT_FALSE(read_compile_command({"-E", "a.cpp"}).compiles);
  EXPECT_FALSE(read_compile_command({"-E", "a.cpp"}).links);
  EXPECT_FALSE(read_compile_command({"-M", "a.cpp"}).compiles);
  EXPECT_FALSE(read_compile_command({"-fsyntax-only", "a.cpp"}).compiles);
  EXPECT_TRUE(read_compile_command({"-S", "a.cpp"}).compiles);
  EXPECT_FALSE(read_compile_command({"-S", "a.cpp"}).links);
  // Compiled and linked at once.
  const CompileCommand both = read_compile_command({"a.cpp", "-o", "app"});
  EXPECT_TRUE(both.compiles);
  EXPECT_TRUE(both.links);
  // Objects linked: nothing to rewrite.
  const CompileCommand link = read_compile_command({"a.o", "b.o", "-o", "app", "-lm"});
  EXPECT_FALSE(link.compiles);
  EXPECT_TRUE(link.links);
  // A C source compiled by the C++ driver: not rewritten.
  EXPECT_FALSE(read_compile_command({"-c", "a.c"}).compiles);
}

TEST(CompileCommand, IncludeDirectoriesInOrder) {
  const CompileCommand command =
      read_compile_command({"-Iinclude", "-I", "/abs/include", "-iquote", "quoted", "-iquotedir2",
                            "-isystem", "sys", "-c", "a.cpp"});
  ASSERT_EQ(command.include_directories.size(), 4u);
  EXPECT_EQ(command.include_directories[0].path, "include");
  EXPECT_FALSE(command.include_directories[0].quote_only);
  EXPECT_EQ(command.include_directories[1].path, "/abs/include");
  EXPECT_EQ(command.include_directories[2].path, "quoted");
  EXPECT_TRUE(command.include_directories[2].quote_only);
  EXPECT_EQ(command.include_directories[3].path, "dir2");
  EXPECT_TRUE(command.include_directories[3].quote_only);
}

TEST(CompileCommand, TheDependencyFileOfEachForm) {
  EXPECT_EQ(
      read_compile_command({"-MD", "-MT", "x", "-MF", "deps/a.d", "-c", "a.cpp"}).dependency_file,
      "deps/a.d");
  EXPECT_EQ(read_compile_command({"-MMD", "-MFdeps/b.d", "-c", "a.cpp"}).dependency_file,
            "deps/b.d");
  EXPECT_EQ(read_compile_command({"-MD", "-c", "src/a.cpp", "-o", "obj/a.o"}).dependency_file,
            "obj/a.d");
  EXPECT_EQ(read_compile_command({"-MD", "-c", "src/a.cpp"}).dependency_file, "a.d");
  EXPECT_EQ(read_compile_command({"-c", "src/a.cpp", "-o", "a.o"}).dependency_file, "");
}

TEST(CompileCommand, AnOptionWithoutItsValueEndsTheCommand) {
  const CompileCommand command = read_compile_command({"-c", "a.cpp", "-o"});
  EXPECT_EQ(sources_of(command), (std::vector<std::string>{"a.cpp"}));
}

}  // namespace
}  // namespace hotpath::launcher
